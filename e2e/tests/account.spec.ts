import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { Layout } from '../pages/Layout.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { ProfilePage } from '../pages/ProfilePage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signIn } from '../support/flows.js';

test('disconnecting from settings returns both partners to pairing', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser({ mobile: true })]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  await new DesirePage(bobPage).expectOpen();

  await new Layout(alicePage).open('settings');
  const settings = new SettingsPage(alicePage);
  await settings.expectOpen();
  await expect(settings.version).toBeVisible();
  await expect(alicePage.getByText(KEY_TEXTS.serverSees)).toBeVisible();
  await settings.disconnectFromPartner();
  await expect(toast(alicePage, 'Disconnected from partner')).toBeVisible();
  await new PartnerPage(alicePage).expectOpen();

  // Bob did nothing: the live channel tells his app, which sends him to pairing too.
  await new PartnerPage(bobPage).expectOpen();
  await bobPage.goto('/profile');
  await expect(bobPage).toHaveURL(/\/auth\/partner$/);
});

test('a user signs out and signs back in', async ({ openBrowser, backend }) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  await openSignedIn(page, alice);

  const layout = new Layout(page);
  await layout.open('settings');
  await new SettingsPage(page).signOut.click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/welcome$/);
  await expect(new WelcomePage(page).signInWithEmail).toBeVisible();

  // Signed out, the app itself is out of reach.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/welcome$/);

  await signIn(page, alice);
  await layout.open('profile');
  const profile = new ProfilePage(page);
  await profile.expectOpen(alice.username);
  await expect(profile.partnerCard).toContainText('Connected');
});
