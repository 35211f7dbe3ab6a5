import { expect, type Page } from '@playwright/test';

/** /profile: @username, Joined date, partner card and the two counters. */
export class ProfilePage {
  get partnerCard() {
    return this.page.getByRole('region', { name: 'Partner Connection' });
  }

  constructor(readonly page: Page) {}

  async expectOpen(username: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/profile$/);
    await expect(this.page.getByText(`@${username}`, { exact: true }).first()).toBeVisible();
  }

  /** The number above a counter's label ('Desires Sent', 'Desires Received'). */
  counter(label: 'Desires Sent' | 'Desires Received') {
    return this.page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::span[1]');
  }
}
