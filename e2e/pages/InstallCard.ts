import type { Locale } from '@couple/protocol';
import type { Page } from '@playwright/test';
import { textIn } from '../support/texts.js';

/** The install card (a dialog) the app shows once the browser offers installation. */
export class InstallCard {
  get dialog() {
    return this.page.getByRole('dialog', { name: textIn(this.locale, 'Install Couple Desires') });
  }
  get notNow() {
    return this.dialog.getByRole('button', { name: textIn(this.locale, 'Not now') });
  }
  get close() {
    return this.dialog.getByRole('button', { name: textIn(this.locale, 'Close') });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  /** Chromium offers installation only to an installable, engaged site: the event is simulated. */
  async offer(): Promise<void> {
    await this.page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
  }
}
