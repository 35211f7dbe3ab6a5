import { expect, type Page } from '@playwright/test';
import { CREDENTIAL_TEXTS, type Locale } from '@couple/protocol';
import { textIn } from '../support/texts.js';

type Detail = 'Username' | 'Email' | 'Password';

/** The Sign-in details section of /settings: username, email and password, each changed in place. */
export class SignInDetails {
  get section() {
    return this.page.getByRole('region', { name: this.t('Sign-in details') });
  }
  get error() {
    return this.section.getByRole('alert');
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  /** A row's Change button is named by the row's label, in lower case ("Change username"). */
  private async openChange(detail: Detail): Promise<void> {
    const name = textIn(this.locale, 'Change {detail}', {
      detail: this.t(detail).toLocaleLowerCase(this.locale),
    });
    await this.section.getByRole('button', { name }).click();
  }

  private async save(): Promise<void> {
    await this.section.getByRole('button', { name: this.t('Save') }).click();
  }

  async changeUsername(username: string): Promise<void> {
    await this.openChange('Username');
    await this.section.getByLabel(this.t('New username')).fill(username);
    await this.save();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.openChange('Password');
    await this.section.getByLabel(this.t('Current password')).fill(current);
    await this.section.getByLabel(this.t('New password'), { exact: true }).fill(next);
    await this.section.getByLabel(this.t('Repeat new password')).fill(next);
    await this.save();
  }

  async changeEmail(email: string, current: string): Promise<void> {
    await this.openChange('Email');
    await this.section.getByLabel(this.t('New email')).fill(email);
    await this.section.getByLabel(this.t('Current password')).fill(current);
    await this.save();
    await expect(this.section.getByRole('status')).toContainText(
      textIn(this.locale, CREDENTIAL_TEXTS.emailChangeSent, { email }),
    );
  }
}
