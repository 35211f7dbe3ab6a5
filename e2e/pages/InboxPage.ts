import { expect, type Locator, type Page } from '@playwright/test';
import { ANSWER_NOTE_TEXTS, ANSWER_TEXTS, type AnswerChoice } from '@couple/protocol/browser';

/** /notifications: the received desires, or the empty state. */
export class InboxPage {
  get heading() {
    return this.page.getByRole('heading', { name: 'Inbox', exact: true });
  }
  get cards() {
    return this.page.getByTestId('desire-card');
  }
  get emptyTitle() {
    return this.page.getByText('No desires yet');
  }
  get emptyHint() {
    return this.page.getByText("When your partner shares their desires, they'll appear here");
  }

  get sentTab() {
    return this.page.getByRole('tab', { name: 'Sent' });
  }
  get receivedTab() {
    return this.page.getByRole('tab', { name: 'Received' });
  }
  get loadOlder() {
    return this.page.getByRole('button', { name: 'Load older' });
  }
  dayHeading(label: string) {
    return this.page.getByRole('heading', { name: label, level: 2 });
  }

  constructor(readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/notifications$/);
    await expect(this.heading).toBeVisible();
  }

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

  /** Gives (or changes) the answer to a received desire. */
  async answer(card: Locator, choice: AnswerChoice): Promise<void> {
    const button = card.getByRole('button', { name: ANSWER_TEXTS[choice] });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** Opens the answer's note form on a card that has an answer, without sending. */
  async openAnswerNote(card: Locator, note: string): Promise<void> {
    await card
      .getByRole('button', {
        name: new RegExp(`${ANSWER_NOTE_TEXTS.add}|${ANSWER_NOTE_TEXTS.change}`),
      })
      .click();
    await card.getByRole('textbox', { name: ANSWER_NOTE_TEXTS.label }).fill(note);
  }

  async sendAnswerNote(card: Locator, note: string): Promise<void> {
    await this.openAnswerNote(card, note);
    await card.getByRole('button', { name: ANSWER_NOTE_TEXTS.send }).click();
    await expect(card.getByTestId('answer-note')).toContainText(note);
  }
}
