import { expect, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { LOCALE_NAMES } from '@couple/protocol/browser';

/**
 * Settings › Language: a select whose options name each language in itself, so it is found by
 * those names whatever language the page is in.
 */
export class LanguageSetting {
  get select() {
    return this.page
      .getByRole('combobox')
      .filter({ has: this.page.getByRole('option', { name: LOCALE_NAMES.fr }) });
  }
  get html() {
    return this.page.locator('html');
  }

  constructor(readonly page: Page) {}

  /** Picks a language by its own name and waits for the page to be in it. */
  async choose(locale: Locale): Promise<void> {
    await this.select.selectOption({ label: LOCALE_NAMES[locale] });
    await this.expectLanguage(locale);
  }

  async expectLanguage(locale: Locale): Promise<void> {
    await expect(this.html).toHaveAttribute('lang', locale);
    await expect(this.select).toHaveValue(locale);
  }
}
