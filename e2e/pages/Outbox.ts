import type { Page } from '@playwright/test';
import { OFFLINE_TEXTS, type Locale } from '@couple/protocol';
import { textIn } from '../support/texts.js';

/** The desires waiting on this device (desire screen and Sent view) and the offline banner. */
export class Outbox {
  get items() {
    return this.page.getByTestId('outbox-item');
  }
  get waiting() {
    return this.items.filter({ hasText: this.t(OFFLINE_TEXTS.waitingToSend) });
  }
  get failed() {
    return this.items.filter({ hasText: this.t(OFFLINE_TEXTS.sendFailedTitle) });
  }
  get offlineBanner() {
    return this.page.getByTestId('offline-banner');
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async discard(): Promise<void> {
    await this.failed
      .first()
      .getByRole('button', { name: this.t(OFFLINE_TEXTS.discard) })
      .click();
  }

  /** The service worker controls the page and its app shell is cached: a reload works offline. */
  async waitUntilAvailableOffline(): Promise<void> {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    });
  }
}
