import { expect, type Frame, type Page } from '@playwright/test';
import { USERNAME_MAX, type Locale } from '@couple/protocol';
import { expectUrl } from '../support/fixtures.js';
import { patternIn, textIn } from '../support/texts.js';

/** The counter's message: the length typed and the most allowed. */
export const COUNTER_TEXT = '{length}/{max} characters';

/** /auth/onboarding: the username, its live n/20 counter and Continue. */
export class OnboardingPage {
  get username() {
    return this.page.getByLabel(this.t('Username'));
  }
  get counter() {
    // The count is the field's description: what a screen reader reads with it.
    return this.page
      .locator('p[aria-live]')
      .filter({ hasText: patternIn(this.locale, COUNTER_TEXT, ['length', 'max']) });
  }
  get continue() {
    return this.page.getByRole('button', { name: this.t('Continue') });
  }
  get signOut() {
    return this.page.getByRole('button', { name: this.t('Sign Out') });
  }
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  /** What the counter says once `length` characters are typed. */
  counterText(length: number): string {
    return textIn(this.locale, COUNTER_TEXT, { length, max: USERNAME_MAX });
  }

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/auth\/onboarding$/);
    await expect(
      this.page.getByRole('heading', { name: this.t('Choose your username') }),
    ).toBeVisible();
  }

  /** Chooses a free username; pairing comes next. */
  async choose(username: string): Promise<void> {
    await this.username.fill(username);
    await this.continue.click();
    await expectUrl(this.page, /\/auth\/partner$/);
  }
}
