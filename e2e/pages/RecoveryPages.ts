import { expect, type Page } from '@playwright/test';
import { CREDENTIAL_TEXTS, type Locale } from '@couple/protocol';
import { textIn } from '../support/texts.js';

/** /auth/forgot-password: the e-mail to send a reset link to. */
export class ForgotPasswordPage {
  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(
      this.page.getByRole('heading', { name: this.t('Reset your password') }),
    ).toBeVisible();
  }

  async askForResetLink(email: string): Promise<void> {
    await this.page.getByLabel(this.t('Email')).fill(email);
    await this.page.getByRole('button', { name: this.t('Send reset link') }).click();
    // The screen's status; the app's busy notice is a status region of its own on every screen.
    const sent = this.t(CREDENTIAL_TEXTS.resetLinkSent);
    await expect(this.page.getByRole('status').filter({ hasText: sent })).toBeVisible();
  }
}

/** /auth/reset-password#token=…: the new password, twice. */
export class ResetPasswordPage {
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async chooseNewPassword(password: string, repeated = password): Promise<void> {
    await expect(
      this.page.getByRole('heading', { name: this.t('Choose a new password') }),
    ).toBeVisible();
    await this.page.getByLabel(this.t('New password'), { exact: true }).fill(password);
    await this.page.getByLabel(this.t('Repeat new password')).fill(repeated);
    await this.page.getByRole('button', { name: this.t('Set new password') }).click();
  }
}
