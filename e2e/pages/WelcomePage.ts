import { expect, type Page } from '@playwright/test';
import { CREDENTIAL_TEXTS, type Locale } from '@couple/protocol';
import type { TestUser } from '../support/users.js';
import { textIn } from '../support/texts.js';

/** /auth/welcome: the two e-mail buttons, and the e-mail form they open. */
export class WelcomePage {
  get signUpWithEmail() {
    return this.page.getByRole('button', { name: this.t('Sign up with Email') });
  }
  get signInWithEmail() {
    return this.page.getByRole('button', { name: this.t('Sign In with Email') });
  }
  get email() {
    return this.page.getByLabel(this.t('Email'));
  }
  get password() {
    return this.page.getByLabel(this.t('Password'));
  }
  get forgotPassword() {
    return this.page.getByRole('link', { name: this.t(CREDENTIAL_TEXTS.forgotPassword) });
  }
  get back() {
    return this.page.getByRole('button', { name: this.t('Back'), exact: true });
  }
  get error() {
    return this.page.getByRole('alert');
  }
  get privacyPolicy() {
    return this.page.getByRole('link', { name: this.t('Privacy Policy') });
  }
  get termsOfService() {
    return this.page.getByRole('link', { name: this.t('Terms of Service') });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth\/welcome$/);
    await expect(this.signUpWithEmail).toBeVisible();
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth/welcome');
    await expect(this.signUpWithEmail).toBeVisible();
  }

  async fill(user: { email: string; password: string }): Promise<void> {
    await this.email.fill(user.email);
    await this.password.fill(user.password);
  }

  /** Sign-up lands on onboarding. */
  async signUp(user: TestUser): Promise<void> {
    await this.signUpWithEmail.click();
    await this.fill(user);
    await this.page.getByRole('button', { name: this.t('Sign Up'), exact: true }).click();
    await expect(this.page).toHaveURL(/\/auth\/onboarding$/);
  }

  /** Submits the sign-in form; where it lands depends on the account. */
  async submitSignIn(user: { email: string; password: string }): Promise<void> {
    await this.signInWithEmail.click();
    await this.fill(user);
    await this.page.getByRole('button', { name: this.t('Sign In'), exact: true }).click();
  }
}
