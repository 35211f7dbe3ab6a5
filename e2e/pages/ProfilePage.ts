import { expect, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { textIn } from '../support/texts.js';

/** /profile: @username, Joined date, partner card and the two counters. */
export class ProfilePage {
  get partnerCard() {
    return this.page.getByRole('region', { name: textIn(this.locale, 'Partner Connection') });
  }

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {}

  async expectOpen(username: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/profile$/);
    await expect(this.page.getByText(`@${username}`, { exact: true }).first()).toBeVisible();
  }

  /** The number above a counter's label (its id: 'Desires Sent', 'Desires Received'). */
  counter(label: 'Desires Sent' | 'Desires Received') {
    return this.page
      .getByText(textIn(this.locale, label), { exact: true })
      .locator('xpath=preceding-sibling::span[1]');
  }
}
