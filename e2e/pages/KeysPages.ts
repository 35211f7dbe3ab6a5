import { expect, type Page } from '@playwright/test';
import { KEY_TEXTS, type Locale } from '@couple/protocol/browser';
import { textIn } from '../support/texts.js';

/** The end-to-end key screens: banner, setup (link, restore, replace), recovery key, safety. */
export class KeysPages {
  get banner() {
    return this.page.getByTestId('keys-banner');
  }
  get linkCode() {
    return this.page.getByTestId('link-code');
  }
  get approveCode() {
    return this.page.getByTestId('approve-code');
  }
  get recoveryPhrase() {
    return this.page.getByTestId('recovery-phrase');
  }
  get safetyNumber() {
    return this.page.getByTestId('safety-number');
  }
  get verified() {
    return this.page.getByTestId('safety-verified');
  }
  get keyChangeWarning() {
    return this.page.getByTestId('key-change-warning');
  }
  get keyRotatedNotice() {
    return this.page.getByTestId('key-rotated-notice');
  }
  get e2eTag() {
    return this.page.getByText(this.t(KEY_TEXTS.e2eTag), { exact: true });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  /** Waits until the desire form promises end-to-end: both keys are published and known. */
  async expectEndToEndReady(): Promise<void> {
    await expect(this.e2eTag.first()).toBeVisible({ timeout: 15_000 });
  }

  async openSetup(): Promise<void> {
    await this.banner.getByRole('link', { name: this.t(KEY_TEXTS.setupAction) }).click();
    await expect(this.page).toHaveURL(/\/keys\/setup$/);
  }

  async readRecoveryPhrase(): Promise<string> {
    await this.page.goto('/keys/recovery');
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.recoveryReveal) }).click();
    const words = await this.recoveryPhrase.locator('li').allInnerTexts();
    return words.map((word) => word.replace(/^\d+\.\s*/, '').trim()).join(' ');
  }

  async restore(phrase: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.restoreOption) }).click();
    await this.page.getByLabel(this.t(KEY_TEXTS.restoreLabel)).fill(phrase);
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.restoreSubmit) }).click();
  }

  /** On the new device: asks to link; its code shows once the approving device answered. */
  async startLink(): Promise<void> {
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.linkOption) }).click();
    await expect(this.page.getByText(this.t(KEY_TEXTS.linkWaiting))).toBeVisible();
  }

  async readLinkCode(): Promise<string> {
    await expect(this.linkCode).toHaveText(/^\d{3} \d{3}$/, { timeout: 15_000 });
    return (await this.linkCode.innerText()).trim();
  }

  /** On the approving device: answers the waiting request and reads the code it shows. */
  async openLinkApproval(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.page.getByText(this.t(KEY_TEXTS.approveTitle))).toBeVisible();
  }

  async readApproveCode(): Promise<string> {
    await expect(this.approveCode).toHaveText(/^\d{3} \d{3}$/, { timeout: 15_000 });
    return (await this.approveCode.innerText()).trim();
  }

  async approveLink(): Promise<void> {
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.approveAction) }).click();
    await expect(this.page.getByText(this.t(KEY_TEXTS.approved))).toBeVisible();
  }

  /** This new device links from `approver`: both screens show the same code, and it approves. */
  async linkFrom(approver: KeysPages): Promise<void> {
    await this.startLink();
    await approver.openLinkApproval();
    const code = await approver.readApproveCode();
    expect(await this.readLinkCode()).toBe(code);
    await approver.approveLink();
  }

  async openSafetyNumber(): Promise<string> {
    await this.page.goto('/keys/safety');
    await expect(this.safetyNumber).toHaveText(/(\d{5}\s*){12}/);
    return (await this.safetyNumber.innerText()).replace(/\s+/g, ' ').trim();
  }

  /** Settings, on a device that holds the key: the old key signs the new one. */
  async rotateKey(): Promise<void> {
    await this.page.goto('/settings');
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.rotateKeyOption) }).click();
    await expect(this.page.getByText(this.t(KEY_TEXTS.rotateKeyWarning))).toBeVisible();
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.rotateKeyConfirm) }).click();
    await expect(this.page).toHaveURL(/\/keys\/recovery$/);
  }

  async replaceKey(): Promise<void> {
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.newKeyOption) }).click();
    await expect(this.page.getByText(this.t(KEY_TEXTS.newKeyWarning))).toBeVisible();
    await this.page.getByRole('button', { name: this.t(KEY_TEXTS.newKeyConfirm) }).click();
    await expect(this.page).toHaveURL(/\/keys\/recovery$/);
  }
}
