import { expect, type Frame, type Page } from '@playwright/test';
import { expectUrl } from '../support/fixtures.js';

/** /auth/partner: choice, generate (code + countdown) and enter (code + Connect). */
export class PartnerPage {
  get generateButton() {
    return this.page.getByRole('button', { name: 'Generate Pairing Code' });
  }
  get enterButton() {
    return this.page.getByRole('button', { name: "Enter Partner's Code" });
  }
  get privacyBox() {
    return this.page.getByRole('complementary', { name: 'Your privacy matters' });
  }
  get code() {
    return this.page.getByTestId('pairing-code');
  }
  get countdown() {
    return this.page.getByText(/^Expires in \d+:\d\d$/);
  }
  get copyCode() {
    return this.page.getByRole('button', { name: 'Copy Code' });
  }
  get shareCode() {
    return this.page.getByRole('button', { name: 'Share Code' });
  }
  get copyLink() {
    return this.page.getByRole('button', { name: 'Copy Link' });
  }
  get qrCode() {
    return this.page.getByRole('img', { name: /^QR code of a link with pairing code/ });
  }
  get signOut() {
    return this.page.getByRole('button', { name: 'Sign Out' });
  }
  get waiting() {
    return this.page.getByText('Waiting for partner to connect...');
  }
  get codeInput() {
    return this.page.getByLabel("Partner's code");
  }
  get hint() {
    return this.page.getByText('Enter the 8-character code from your partner');
  }
  get connect() {
    return this.page.getByRole('button', { name: 'Connect', exact: true });
  }
  get backToOptions() {
    return this.page.getByRole('button', { name: 'Back to options' });
  }
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(readonly page: Page | Frame) {}

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/auth\/partner$/);
    await expect(this.generateButton).toBeVisible();
  }

  /** Generates a code and returns it as shown (XXXX-XXXX). */
  async generate(): Promise<string> {
    await this.generateButton.click();
    await expect(this.code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    return (await this.code.textContent()) ?? '';
  }

  /** A pairing link opens the enter step with its code already typed. */
  async expectCodeFilledIn(code: string): Promise<void> {
    await expectUrl(this.page, /\/auth\/partner/);
    await expect(this.codeInput).toHaveValue(code);
  }

  async openEnter(): Promise<void> {
    await this.enterButton.click();
    await expect(this.hint).toBeVisible();
  }

  async typeCode(code: string): Promise<void> {
    await this.codeInput.fill('');
    await this.codeInput.pressSequentially(code);
  }
}
