import { expect, type Frame, type Page } from '@playwright/test';
import { APP_TEXTS, PAIRING_CODE_LENGTH, type Locale } from '@couple/protocol';
import { expectUrl } from '../support/fixtures.js';
import { patternIn, textIn } from '../support/texts.js';

/** /auth/partner: choice, generate (code + countdown) and enter (code + Connect). */
export class PartnerPage {
  get generateButton() {
    return this.page.getByRole('button', { name: this.t('Generate Pairing Code') });
  }
  get enterButton() {
    return this.page.getByRole('button', { name: this.t("Enter Partner's Code") });
  }
  get privacyBox() {
    return this.page.getByRole('complementary', { name: this.t('Your privacy matters') });
  }
  get code() {
    return this.page.getByTestId('pairing-code');
  }
  get countdown() {
    return this.page.getByText(patternIn(this.locale, 'Expires in {time}', ['time']));
  }
  get copyCode() {
    return this.page.getByRole('button', { name: this.t('Copy Code') });
  }
  get shareCode() {
    return this.page.getByRole('button', { name: this.t(APP_TEXTS.shareCode) });
  }
  get copyLink() {
    return this.page.getByRole('button', { name: this.t(APP_TEXTS.copyLink) });
  }
  get qrCode() {
    return this.page.getByRole('img', {
      name: patternIn(this.locale, APP_TEXTS.qrLabel, ['code']),
    });
  }
  get signOut() {
    return this.page.getByRole('button', { name: this.t('Sign Out') });
  }
  get waiting() {
    return this.page.getByText(this.t('Waiting for partner to connect...'));
  }
  get codeInput() {
    return this.page.getByLabel(this.t("Partner's code"));
  }
  get hint() {
    return this.page.getByText(
      textIn(this.locale, 'Enter the {length}-character code from your partner', {
        length: PAIRING_CODE_LENGTH,
      }),
    );
  }
  get connect() {
    return this.page.getByRole('button', { name: this.t('Connect'), exact: true });
  }
  get backToOptions() {
    return this.page.getByRole('button', { name: this.t('Back to options') });
  }
  get error() {
    return this.page.getByRole('alert');
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

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
