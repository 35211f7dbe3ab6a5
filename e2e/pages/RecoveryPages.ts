import { expect, type Page } from '@playwright/test';

/** /auth/forgot-password: the e-mail to send a reset link to. */
export class ForgotPasswordPage {
  constructor(readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(this.page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  }

  async askForResetLink(email: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(this.page.getByRole('status')).toContainText('a link to choose a new password');
  }
}

/** /auth/reset-password#token=…: the new password, twice. */
export class ResetPasswordPage {
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(readonly page: Page) {}

  async chooseNewPassword(password: string, repeated = password): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Repeat new password').fill(repeated);
    await this.page.getByRole('button', { name: 'Set new password' }).click();
  }
}
