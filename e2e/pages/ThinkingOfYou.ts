import type { Frame, Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { WISH_TEXTS } from '@couple/protocol/browser';
import { textIn } from '../support/texts.js';

/**
 * "Thinking of you" wherever it shows: the one-tap button (Send desire screen, inbox header),
 * the reason it waits, and the light entries among the desires of the inbox.
 */
export class ThinkingOfYou {
  get button() {
    return this.page.getByRole('button', { name: this.t('Thinking of you') });
  }
  /** Why the button is disabled (the limit), when it is. */
  get wait() {
    return this.page.getByTestId('thought-wait');
  }
  get entries() {
    return this.page.getByTestId('thought-entry');
  }
  receivedEntry(name: string) {
    return this.entries.filter({ hasText: this.t('{name} was thinking of you', { name }) });
  }
  sentEntry(name: string) {
    return this.entries.filter({ hasText: this.t('You thought of {name}', { name }) });
  }
  /** The receiver's toast (and push title) text. */
  toastText(name: string): string {
    return this.t(WISH_TEXTS.thinkingOfYouPush, { name });
  }
  sentToastText(name: string): string {
    return this.t('{name} will know you are thinking of them', { name });
  }
  waitText(minutes: number): string {
    return textIn(
      this.locale,
      'You can send another in {minutes, plural, one {# minute} other {# minutes}}',
      { minutes },
    );
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string, values?: Record<string, string>): string {
    return textIn(this.locale, id, values);
  }
}
