import { expect, type Page } from '@playwright/test';

/** /settings: notifications, installation, privacy, disconnect and sign out. */
export class SettingsPage {
  get heading() {
    return this.page.getByRole('heading', { name: 'Settings' });
  }
  get disconnect() {
    return this.page.getByRole('button', { name: 'Disconnect from Partner' });
  }
  get confirmDisconnect() {
    return this.page.getByRole('button', { name: 'Disconnect', exact: true });
  }
  get signOut() {
    return this.page.getByRole('button', { name: 'Sign Out' });
  }
  get version() {
    return this.page.getByText('v1.0.0', { exact: true });
  }

  constructor(readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/settings$/);
    await expect(this.heading).toBeVisible();
  }

  async disconnectFromPartner(): Promise<void> {
    await this.disconnect.click();
    await expect(this.page.getByRole('alertdialog')).toContainText('Are you sure');
    await this.confirmDisconnect.click();
  }
}
