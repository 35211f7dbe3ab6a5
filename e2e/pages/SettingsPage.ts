import { expect, type Frame, type Page } from '@playwright/test';
import { expectUrl } from '../support/fixtures.js';
import { QUIET_TEXTS } from '@couple/protocol/browser';

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
    return this.page.getByRole('button', { name: 'Sign Out', exact: true });
  }
  get disconnectDialog() {
    return this.page.getByRole('alertdialog');
  }
  get notificationsSwitch() {
    return this.page.getByRole('switch', { name: 'Push notifications' });
  }
  get pushHowTo() {
    return this.page.locator('#push-how-to');
  }
  themeOption(label: 'System' | 'Light' | 'Dark') {
    return this.page.getByRole('radio', { name: label });
  }
  get version() {
    return this.page.getByText('v1.0.0', { exact: true });
  }

  get quietHours() {
    return this.page.getByRole('switch', { name: QUIET_TEXTS.enable });
  }

  constructor(readonly page: Page | Frame) {}

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/settings$/);
    await expect(this.heading).toBeVisible();
  }

  /** Opens the disconnect question without answering it. */
  async askToDisconnect(): Promise<void> {
    await this.disconnect.click();
    await expect(this.disconnectDialog).toContainText('Are you sure');
  }

  async turnOnNotifications(): Promise<void> {
    await this.notificationsSwitch.click();
  }

  async chooseTheme(label: 'System' | 'Light' | 'Dark'): Promise<void> {
    // A person presses the visible option (the radio inside it is visually hidden).
    await this.page
      .locator('label')
      .filter({ has: this.themeOption(label) })
      .click();
    await expect(this.themeOption(label)).toBeChecked();
  }

  async disconnectFromPartner(): Promise<void> {
    await this.disconnect.click();
    await expect(this.page.getByRole('alertdialog')).toContainText('Are you sure');
    await this.confirmDisconnect.click();
  }

  /** Turns quiet hours on from one time to another (HH:MM) and waits for the saved toast. */
  async setQuietHours(from: string, to: string): Promise<void> {
    await this.quietHours.check();
    await this.page.getByLabel(QUIET_TEXTS.from).fill(from);
    await this.page.getByLabel(QUIET_TEXTS.to).fill(to);
    await this.page.getByRole('button', { name: QUIET_TEXTS.save }).click();
    await expect(
      this.page.locator('[data-sonner-toast]').filter({ hasText: QUIET_TEXTS.saved }),
    ).toBeVisible();
  }
}
