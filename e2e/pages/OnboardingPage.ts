import { expect, type Frame, type Page } from '@playwright/test';
import { expectUrl } from '../support/fixtures.js';

/** /auth/onboarding: the username, its live n/20 counter and Continue. */
export class OnboardingPage {
  get username() {
    return this.page.getByLabel('Username');
  }
  get counter() {
    // The count is the field's description: what a screen reader reads with it.
    return this.page.locator('p[aria-live]').filter({ hasText: /^\d+\/\d+ characters$/ });
  }
  get continue() {
    return this.page.getByRole('button', { name: 'Continue' });
  }
  get signOut() {
    return this.page.getByRole('button', { name: 'Sign Out' });
  }
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(readonly page: Page | Frame) {}

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/auth\/onboarding$/);
    await expect(this.page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();
  }

  /** Chooses a free username; pairing comes next. */
  async choose(username: string): Promise<void> {
    await this.username.fill(username);
    await this.continue.click();
    await expectUrl(this.page, /\/auth\/partner$/);
  }
}
