import { expect, type Locator, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import {
  ANSWER_NOTE_TEXTS,
  ANSWER_TEXTS,
  SHELL_TEXTS,
  type AnswerChoice,
} from '@couple/protocol/browser';
import { STORAGE_KEYS } from '../../apps/web/src/lib/constants.js';
import { mentioningAnyIn, textIn } from '../support/texts.js';

/** The part of the app's saved query cache (features/offline/persist.ts) that the inbox reads. */
interface SavedCache {
  state: {
    queries: { queryKey: string[]; state: { data?: { pages?: { messages: unknown[] }[] } } }[];
  };
}

/** /notifications: the received desires, or the empty state. */
export class InboxPage {
  get heading() {
    return this.page.getByRole('heading', { name: this.t(SHELL_TEXTS.inboxTitle), exact: true });
  }
  get cards() {
    return this.page.getByTestId('desire-card');
  }
  get emptyTitle() {
    return this.page.getByText(this.t('No desires yet'));
  }
  get emptyHint() {
    return this.page.getByText(
      this.t("When your partner shares their desires, they'll appear here"),
    );
  }

  get sentTab() {
    return this.page.getByRole('tab', { name: this.t('Sent') });
  }
  get receivedTab() {
    return this.page.getByRole('tab', { name: this.t('Received') });
  }
  get loadOlder() {
    return this.page.getByRole('button', { name: this.t('Load older') });
  }
  dayHeading(label: string) {
    return this.page.getByRole('heading', { name: label, level: 2 });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/notifications$/);
    await expect(this.heading).toBeVisible();
  }

  /**
   * The device has saved the received list as shown, with this many cards (the app saves its
   * cache at most once a second): an offline reload shows them.
   */
  async waitUntilKeptOffline(cards: number): Promise<void> {
    const saved = () =>
      this.page.evaluate((key) => {
        const cache = JSON.parse(localStorage.getItem(key) ?? 'null') as SavedCache | null;
        const list = cache?.state.queries.find(
          (query) => query.queryKey.join('/') === 'messages/list',
        );
        return list?.state.data?.pages?.[0]?.messages.length ?? 0;
      }, STORAGE_KEYS.queryCache);
    await expect.poll(saved).toBe(cards);
  }

  /** The note is shown as typed, in straight quotes (the same in every language). */
  cardWithNote(note: string) {
    return this.cards.filter({ hasText: `"${note}"` });
  }

  /** The warning a note sealed by a key this device never accepted shows instead of its lock. */
  unconfirmedSealer(card: Locator) {
    return card.getByTestId('note-unconfirmed');
  }
  unconfirmedKeyId(card: Locator) {
    return card.getByTestId('note-unconfirmed-key');
  }

  answerButton(card: Locator, choice: AnswerChoice) {
    return card.getByRole('button', { name: this.t(ANSWER_TEXTS[choice]) });
  }

  /** Gives (or changes) the answer to a received desire. */
  async answer(card: Locator, choice: AnswerChoice): Promise<void> {
    const button = this.answerButton(card, choice);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** Opens the answer's note form on a card that has an answer, without sending. */
  async openAnswerNote(card: Locator, note: string): Promise<void> {
    await card
      .getByRole('button', {
        name: mentioningAnyIn(this.locale, ANSWER_NOTE_TEXTS.add, ANSWER_NOTE_TEXTS.change),
      })
      .click();
    await card.getByRole('textbox', { name: this.t(ANSWER_NOTE_TEXTS.label) }).fill(note);
  }

  async sendAnswerNote(card: Locator, note: string): Promise<void> {
    await this.openAnswerNote(card, note);
    await card.getByRole('button', { name: this.t(ANSWER_NOTE_TEXTS.send) }).click();
    await expect(card.getByTestId('answer-note')).toContainText(note);
  }
}
