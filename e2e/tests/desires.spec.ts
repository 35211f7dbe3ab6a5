import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { ProfilePage } from '../pages/ProfilePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, recordTexts } from '../support/flows.js';

test('partner receives a desire while on the inbox', async ({ openBrowser, backend }) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);

  await new Layout(bobPage).open('inbox');
  const inbox = new InboxPage(bobPage);
  await inbox.expectOpen();
  await expect(inbox.emptyTitle).toBeVisible();
  await expect(inbox.emptyHint).toBeVisible();

  const desire = new DesirePage(alicePage);
  await desire.expectOpen();
  await expect(desire.noteCounter).toHaveText('0/200');
  const note = 'Dinner at eight, then you';
  await desire.note.fill(note);
  await expect(desire.noteCounter).toHaveText(`${note.length}/200`);
  const buttonTexts = await recordTexts(alicePage, 'button');
  await desire.sendDesire({ intensity: 8, urgency: 3, note });
  await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();
  expect(await buttonTexts()).toContain('Sending...');
  await expect(desire.send).toHaveText('Send Desire');
  await expect(desire.note).toHaveValue('');

  await expect(toast(bobPage, 'You have a new desire!')).toBeVisible();
  const card = inbox.cardWithNote(note);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Intensity: 8/10');
  await expect(card).toContainText('Urgency: 3/10');
  await expect(card).toContainText(/encrypted/i);
  await expect(card).toContainText('NEW');
  await expect(card.locator('time')).toHaveText(/^(just now|\d+m ago)$/);
  await expect(inbox.emptyTitle).toBeHidden();
});

test('two desires show as 2 on the unread badge, NEW in the inbox and in both profiles', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser({ mobile: true })]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  const bobLayout = new Layout(bobPage);
  await expect(bobLayout.nav).toHaveCount(1);
  await expect(bobLayout.unreadBadge).toHaveCount(0);

  const desire = new DesirePage(alicePage);
  for (const [intensity, note] of [
    [2, 'first'],
    [9, 'second'],
  ] as const) {
    await desire.sendDesire({ intensity, urgency: 5, note });
    // The note is cleared only once the desire was stored.
    await expect(desire.note).toHaveValue('');
    await expect(toast(alicePage, 'Your desire has been sent').first()).toBeVisible();
  }

  // Bob is on the desire screen of his phone: the Inbox tab counts both.
  await expect(bobLayout.unreadBadge).toHaveText('2');
  await expect(bobLayout.link('inbox')).toHaveAccessibleName(/Inbox/);
  await bobLayout.open('inbox');
  const inbox = new InboxPage(bobPage);
  await expect(inbox.cards).toHaveCount(2);
  await expect(inbox.cards.filter({ hasText: 'NEW' })).toHaveCount(2);
  await expect(inbox.cards.first()).toContainText('"second"');
  // Opening the inbox marks them read: the badge goes, the NEW labels stay for this visit.
  await expect(bobLayout.unreadBadge).toHaveCount(0);

  await bobLayout.open('profile');
  const bobProfile = new ProfilePage(bobPage);
  await bobProfile.expectOpen(bob.username);
  await expect(bobProfile.counter('Desires Received')).toHaveText('2');
  await expect(bobProfile.counter('Desires Sent')).toHaveText('0');
  await expect(bobProfile.partnerCard).toContainText(`@${alice.username}`);
  await expect(bobProfile.partnerCard).toContainText('Connected');
  await expect(bobPage.getByText(/^Joined [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

  await new Layout(alicePage).open('profile');
  const aliceProfile = new ProfilePage(alicePage);
  await aliceProfile.expectOpen(alice.username);
  await expect(aliceProfile.counter('Desires Sent')).toHaveText('2');
  await expect(aliceProfile.counter('Desires Received')).toHaveText('0');
});
