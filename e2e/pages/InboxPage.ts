import { expect, type Page } from '@playwright/test';

/** /notifications: the received desires, or the empty state. */
export class InboxPage {
  get heading() {
    return this.page.getByRole('heading', { name: 'Inbox', exact: true });
  }
  get cards() {
    return this.page.getByTestId('desire-card');
  }
  get emptyTitle() {
    return this.page.getByText('No desires yet');
  }
  get emptyHint() {
    return this.page.getByText("When your partner shares their desires, they'll appear here");
  }

  get sentTab() {
    return this.page.getByRole('tab', { name: 'Sent' });
  }
  get receivedTab() {
    return this.page.getByRole('tab', { name: 'Received' });
  }
  get loadOlder() {
    return this.page.getByRole('button', { name: 'Load older' });
  }
  dayHeading(label: string) {
    return this.page.getByRole('heading', { name: label, level: 2 });
  }

  constructor(readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/notifications$/);
    await expect(this.heading).toBeVisible();
  }

  cardWithNote(note: string) {
    return this.cards.filter({ hasText: `"${note}"` });
  }
}
