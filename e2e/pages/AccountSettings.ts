import { expect, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { containingIn, patternIn, textIn } from '../support/texts.js';

/** /settings: the signed-in devices list, export and account deletion. */
export class AccountSettings {
  get devices() {
    return this.page.getByRole('list', { name: this.t('Signed-in devices') }).getByRole('listitem');
  }
  get thisDevice() {
    return this.devices.filter({ hasText: this.t('This device · active now') });
  }
  get otherDevices() {
    return this.devices.filter({ hasNotText: this.t('This device · active now') });
  }
  get confirmation() {
    return this.page.getByRole('alertdialog');
  }
  get exportData() {
    return this.page.getByRole('button', { name: this.t('Export my data') });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async signOutOtherDevice(): Promise<void> {
    await this.otherDevices
      .first()
      .getByRole('button', { name: patternIn(this.locale, 'Sign out {device}', ['device']) })
      .click();
    await expect(this.confirmation).toContainText(
      containingIn(
        this.locale,
        'Sign out {device}, signed in {time}? It will need to sign in again.',
        ['device', 'time'],
      ),
    );
    await this.confirmSignOut();
  }

  async signOutAllOtherDevices(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Sign out all other devices') }).click();
    // The question counts the other devices; any count's wording ends the same way.
    await expect(this.confirmation).toContainText(
      textIn(
        this.locale,
        '{count, plural, one {Sign out the other device? They will need to sign in again. This device stays signed in.} other {Sign out all # other devices? They will need to sign in again. This device stays signed in.}}',
        { count: await this.otherDevices.count() },
      ),
    );
    await this.confirmSignOut();
  }

  private async confirmSignOut(): Promise<void> {
    await this.confirmation.getByRole('button', { name: this.t('Sign out'), exact: true }).click();
  }

  async startDeletingAccount(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Delete account') }).click();
    await expect(this.confirmation).toContainText(this.t('Delete your account for good?'));
  }

  async deleteAccount(password: string): Promise<void> {
    await this.startDeletingAccount();
    await this.confirmation.getByLabel(this.t('Your password, to confirm')).fill(password);
    await this.confirmation.getByRole('button', { name: this.t('Delete my account') }).click();
  }
}
