import { english } from '@couple/protocol';
import { APP_TEXTS, SHELL_TEXTS, KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { Layout } from '../pages/Layout.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { MOBILE, expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { holdRequests } from '../support/hold-requests.js';

test('on a phone the disconnect question shows whole above the tabs and says what is kept', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true, viewport: MOBILE });
  const keysHeld = holdRequests(page, '**/api/keys**');
  await openSignedIn(page, alice);
  const layout = new Layout(page);
  await layout.open('settings');
  const settings = new SettingsPage(page);
  await settings.askToDisconnect();
  const encryptionReady = page.getByText(KEY_TEXTS.encryptionReady);
  await expect(encryptionReady).toBeHidden();
  keysHeld.release();
  await expect(encryptionReady).toBeAttached();

  await expect(settings.disconnectDialog).toContainText(APP_TEXTS.disconnectHistory);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect
    .poll(async () => {
      const dialog = await settings.disconnectDialog.boundingBox();
      const tabs = await layout.tabBar.boundingBox();
      if (!dialog || !tabs) return 'not laid out';
      if (dialog.y < 0) return 'above the screen';
      return dialog.y + dialog.height <= tabs.y ? 'whole above the tabs' : 'under the tabs';
    })
    .toBe('whole above the tabs');
});

test('the partner who is disconnected is told who left and that the history stays', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser({ mobile: true }), openBrowser()]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  await new DesirePage(bobPage).expectOpen();

  await alicePage.goto('/settings');
  await new SettingsPage(alicePage).disconnectFromPartner();
  await expect(toast(alicePage, 'Disconnected from partner')).toBeVisible();

  await expect(
    toast(bobPage, english(SHELL_TEXTS.partnerDisconnectedYou, { name: alice.username })),
  ).toBeVisible();
  await new PartnerPage(bobPage).expectOpen();
  // The one who left is not told that someone left them.
  await expect(toast(alicePage, 'disconnected from you')).toHaveCount(0);
});
