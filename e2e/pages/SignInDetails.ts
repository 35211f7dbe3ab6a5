import { expect, type Page } from '@playwright/test';

/** The Sign-in details section of /settings: username, email and password, each changed in place. */
export class SignInDetails {
  get section() {
    return this.page.getByRole('region', { name: 'Sign-in details' });
  }
  get error() {
    return this.section.getByRole('alert');
  }

  constructor(readonly page: Page) {}

  async changeUsername(username: string): Promise<void> {
    await this.section.getByRole('button', { name: 'Change username' }).click();
    await this.section.getByLabel('New username').fill(username);
    await this.section.getByRole('button', { name: 'Save' }).click();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.section.getByRole('button', { name: 'Change password' }).click();
    await this.section.getByLabel('Current password').fill(current);
    await this.section.getByLabel('New password', { exact: true }).fill(next);
    await this.section.getByLabel('Repeat new password').fill(next);
    await this.section.getByRole('button', { name: 'Save' }).click();
  }

  async changeEmail(email: string, current: string): Promise<void> {
    await this.section.getByRole('button', { name: 'Change email' }).click();
    await this.section.getByLabel('New email').fill(email);
    await this.section.getByLabel('Current password').fill(current);
    await this.section.getByRole('button', { name: 'Save' }).click();
    await expect(this.section.getByRole('status')).toContainText(`link to ${email}`);
  }
}
