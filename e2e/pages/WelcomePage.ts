import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../support/users.js';

/** /auth/welcome: the two e-mail buttons, and the e-mail form they open. */
export class WelcomePage {
  get signUpWithEmail() {
    return this.page.getByRole('button', { name: 'Sign up with Email' });
  }
  get signInWithEmail() {
    return this.page.getByRole('button', { name: 'Sign In with Email' });
  }
  get email() {
    return this.page.getByLabel('Email');
  }
  get password() {
    return this.page.getByLabel('Password');
  }
  get forgotPassword() {
    return this.page.getByRole('link', { name: 'Forgot password?' });
  }
  get back() {
    return this.page.getByRole('button', { name: 'Back', exact: true });
  }
  get error() {
    return this.page.getByRole('alert');
  }
  get privacyPolicy() {
    return this.page.getByRole('link', { name: 'Privacy Policy' });
  }
  get termsOfService() {
    return this.page.getByRole('link', { name: 'Terms of Service' });
  }

  constructor(readonly page: Page) {}

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
    await this.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(this.page).toHaveURL(/\/auth\/onboarding$/);
  }

  /** Submits the sign-in form; where it lands depends on the account. */
  async submitSignIn(user: { email: string; password: string }): Promise<void> {
    await this.signInWithEmail.click();
    await this.fill(user);
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
}
