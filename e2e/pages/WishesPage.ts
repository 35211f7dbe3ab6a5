import { expect, type Frame, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { expectUrl } from '../support/fixtures.js';
import { patternIn, textIn } from '../support/texts.js';

type Answer = 'Yes' | 'Maybe' | 'No';

/** /wishes: what stays private, the matches, the card flow, the list by tier, a wish of one's own. */
export class WishesPage {
  get heading() {
    return this.page.getByRole('heading', { name: this.t('Wishes'), level: 1 });
  }
  /** What stays private: open until this device holds an answer. */
  get privacy() {
    return this.page.locator('details').filter({ hasText: this.t('Just between the two of you') });
  }
  /** The fold's count of the rounds the partner's device left unfinished. */
  get unfinishedRounds() {
    return this.privacy.getByTestId('wish-unfinished-rounds');
  }
  get matchesSection() {
    return this.page.getByRole('region', { name: this.t('Your matches') });
  }
  /** The texts of the matches, one button each. */
  get matches() {
    return this.page.getByTestId('wish-matches').getByRole('button');
  }
  /** Each match's wish, without its tier. */
  get matchTexts() {
    return this.page.getByTestId('wish-matches').locator('button bdi');
  }
  get noMatches() {
    return this.page.getByText(
      this.t('No matches yet. A wish shows up here once you have both said yes to it.'),
    );
  }
  get notice() {
    return this.page.getByTestId('wishes-notice');
  }
  get oneAtATime() {
    return this.page.getByRole('tab', { name: this.t('One at a time') });
  }
  get allWishes() {
    return this.page.getByRole('tab', { name: this.t('All wishes') });
  }
  /** The card's wish: a heading that takes focus when the card moves on. */
  get currentWish() {
    return this.page.locator('#wish-current');
  }
  get progress() {
    return this.page.getByTestId('wish-progress');
  }
  get skip() {
    return this.page.getByRole('button', { name: this.t('Skip') });
  }
  get proposal() {
    return this.page.getByRole('textbox', { name: this.t('Your wish') });
  }
  get proposalCounter() {
    return this.page.locator('#propose-wish-counter');
  }
  get addProposal() {
    return this.page.getByRole('button', { name: this.t('Add to our list') });
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string, values?: Record<string, string>): string {
    return textIn(this.locale, id, values);
  }

  async goto(): Promise<void> {
    await this.page.goto('/wishes');
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/wishes(\?.*)?$/);
    await expect(this.heading).toBeVisible();
  }

  /** The card's answer buttons (Yes, Maybe, No), named as on screen. */
  cardAnswer(answer: Answer) {
    return this.page
      .getByRole('group', { name: this.t('Your answer') })
      .getByRole('button', { name: this.t(answer), exact: true });
  }

  /** One wish's row in the list (All wishes), found by its text. */
  row(wish: string) {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByText(wish, { exact: true }) });
  }

  /** A wish's answer button in the list: its group is named by the wish. */
  listAnswer(wish: string, answer: Answer) {
    return this.page
      .getByRole('group', { name: wish, exact: true })
      .getByRole('button', { name: this.t(answer), exact: true });
  }

  progressPattern(): RegExp {
    return patternIn(this.locale, '{position} of {total}', ['position', 'total']);
  }

  /** Answers each wish in the list; the chosen button is then pressed. */
  async answerInList(answers: Record<string, Answer>): Promise<void> {
    await this.allWishes.click();
    for (const [wish, answer] of Object.entries(answers)) {
      const button = this.listAnswer(wish, answer);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
  }

  async propose(text: string): Promise<void> {
    await this.proposal.fill(text);
    await this.addProposal.click();
    await expect(this.proposal).toHaveValue('');
  }

  match(wish: string) {
    return this.matches.filter({ hasText: wish });
  }
}
