import { expect, type Frame, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { APP_TEXTS, QUIET_TEXTS } from '@couple/protocol/browser';
import { expectUrl } from '../support/fixtures.js';
import { textIn } from '../support/texts.js';

type Theme = 'System' | 'Light' | 'Dark';

/** /settings: notifications, installation, privacy, disconnect and sign out. */
export class SettingsPage {
  get heading() {
    return this.page.getByRole('heading', { name: this.t('Settings') });
  }
  get disconnect() {
    return this.page.getByRole('button', { name: this.t('Disconnect from Partner') });
  }
  get confirmDisconnect() {
    return this.page.getByRole('button', { name: this.t('Disconnect'), exact: true });
  }
  get signOut() {
    return this.page.getByRole('button', { name: this.t('Sign Out'), exact: true });
  }
  get disconnectDialog() {
    return this.page.getByRole('alertdialog');
  }
  get notificationsSwitch() {
    return this.page.getByRole('switch', { name: this.t('Push notifications') });
  }
  get pushHowTo() {
    return this.page.locator('#push-how-to');
  }
  /** A theme by its English label (its id). */
  themeOption(label: Theme) {
    return this.page.getByRole('radio', { name: this.t(label) });
  }
  get version() {
    return this.page.getByText('v1.0.0', { exact: true });
  }

  /** Settings › Wishes: a tier's switch shows it (by the tier's English name). */
  wishTier(name: string) {
    return this.page.getByRole('switch', { name: this.t(name) });
  }
  get maybeCountsAsYes() {
    return this.page.getByRole('switch', { name: this.t('Count my maybe as a yes when matching') });
  }

  get quietHours() {
    return this.page.getByRole('switch', { name: this.t(QUIET_TEXTS.enable) });
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/settings$/);
    await expect(this.heading).toBeVisible();
  }

  /** Opens the disconnect question without answering it. */
  async askToDisconnect(): Promise<void> {
    await this.disconnect.click();
    await expect(this.disconnectDialog).toContainText(this.t(APP_TEXTS.disconnectQuestion));
  }

  async turnOnNotifications(): Promise<void> {
    await this.notificationsSwitch.click();
  }

  async chooseTheme(label: Theme): Promise<void> {
    // A person presses the visible option (the radio inside it is visually hidden).
    await this.page
      .locator('label')
      .filter({ has: this.themeOption(label) })
      .click();
    await expect(this.themeOption(label)).toBeChecked();
  }

  async disconnectFromPartner(): Promise<void> {
    await this.askToDisconnect();
    await this.confirmDisconnect.click();
  }

  /** Turns quiet hours on from one time to another (HH:MM) and waits for the saved toast. */
  async setQuietHours(from: string, to: string): Promise<void> {
    await this.quietHours.check();
    // Exact: a short word ("De" in French) is also part of other names on the page.
    await this.page.getByLabel(this.t(QUIET_TEXTS.from), { exact: true }).fill(from);
    await this.page.getByLabel(this.t(QUIET_TEXTS.to), { exact: true }).fill(to);
    await this.page.getByRole('button', { name: this.t(QUIET_TEXTS.save) }).click();
    await expect(
      this.page.locator('[data-sonner-toast]').filter({ hasText: this.t(QUIET_TEXTS.saved) }),
    ).toBeVisible();
  }
}
