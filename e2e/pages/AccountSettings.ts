import { expect, type Page } from '@playwright/test';

/** /settings: the signed-in devices list, export and account deletion. */
export class AccountSettings {
  get devices() {
    return this.page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  }
  get thisDevice() {
    return this.devices.filter({ hasText: 'This device' });
  }
  get otherDevices() {
    return this.devices.filter({ hasNotText: 'This device' });
  }
  get confirmation() {
    return this.page.getByRole('alertdialog');
  }
  get exportData() {
    return this.page.getByRole('button', { name: 'Export my data' });
  }

  constructor(readonly page: Page) {}

  async signOutOtherDevice(): Promise<void> {
    await this.otherDevices
      .first()
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect(this.confirmation).toContainText('It will need to sign in again');
    await this.confirmation.getByRole('button', { name: 'Sign out', exact: true }).click();
  }

  async signOutAllOtherDevices(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(this.confirmation).toContainText('This device stays signed in');
    await this.confirmation.getByRole('button', { name: 'Sign out', exact: true }).click();
  }

  async startDeletingAccount(): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete account' }).click();
    await expect(this.confirmation).toContainText('Delete your account for good?');
  }

  async deleteAccount(password: string): Promise<void> {
    await this.startDeletingAccount();
    await this.confirmation.getByLabel('Your password, to confirm').fill(password);
    await this.confirmation.getByRole('button', { name: 'Delete my account' }).click();
  }
}
