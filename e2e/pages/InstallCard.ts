import type { Page } from '@playwright/test';

/** The install card (a dialog) the app shows once the browser offers installation. */
export class InstallCard {
  get dialog() {
    return this.page.getByRole('dialog', { name: 'Install Couple Desires' });
  }
  get notNow() {
    return this.dialog.getByRole('button', { name: 'Not now' });
  }
  get close() {
    return this.dialog.getByRole('button', { name: 'Close' });
  }

  constructor(readonly page: Page) {}

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
