import { readFile } from 'node:fs/promises';
import { AccountSettings } from '../pages/AccountSettings.js';
import { DesirePage } from '../pages/DesirePage.js';
import { Layout } from '../pages/Layout.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';

test('a user signed in on two devices sees both and signs the other out', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const [laptop, phone] = await Promise.all([openBrowser(), openBrowser({ mobile: true })]);
  await Promise.all([openSignedIn(laptop, alice), openSignedIn(phone, alice)]);
  await new DesirePage(phone).expectOpen();

  await new Layout(laptop).open('settings');
  await new SettingsPage(laptop).expectOpen();
  const settings = new AccountSettings(laptop);
  // The two browsers, plus the session the account was created with over the API.
  await expect(settings.thisDevice).toHaveCount(1);
  await expect(settings.otherDevices).toHaveCount(2);
  await settings.signOutAllOtherDevices();
  await expect(toast(laptop, 'Signed out 2 other devices')).toBeVisible();
  await expect(settings.devices).toHaveCount(1);

  // The phone is told at once: its socket closes and the app goes back to the welcome screen.
  await expect(phone).toHaveURL(/\/auth\/welcome$/);
  await expect(new WelcomePage(phone).signInWithEmail).toBeVisible();

  // Signed in again, the phone can sign the laptop out in turn.
  await openSignedIn(phone, alice);
  await new Layout(phone).open('settings');
  const onPhone = new AccountSettings(phone);
  await expect(onPhone.devices).toHaveCount(2);
  await onPhone.signOutOtherDevice();
  await expect(onPhone.devices).toHaveCount(1);
  await expect(laptop).toHaveURL(/\/auth\/welcome$/);
});

test('a user deletes their account and their partner is told', async ({ openBrowser, backend }) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser({ mobile: true }), openBrowser()]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  const desire = new DesirePage(bobPage);
  await desire.expectOpen();
  await desire.sendDesire({ intensity: 8, urgency: 6, note: 'see you at eight' });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();

  await new Layout(alicePage).open('settings');
  const settings = new AccountSettings(alicePage);
  // The export comes first: one JSON file with the profile, the pairing and the desire, its
  // encrypted note opened in the browser.
  const [download] = await Promise.all([
    alicePage.waitForEvent('download'),
    settings.exportData.click(),
  ]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    formatVersion: number;
    profile: { username: string; locale: string | null };
    pairings: { partner_username: string | null }[];
    desires: { direction: string; note: string | null }[];
    signedInDevices: { revoked_at: string | null }[];
  };
  expect(exported.formatVersion).toBe(7);
  expect(exported.profile.username).toBe(alice.username);
  // The app told the account its language (the browser's) when Alice signed in.
  expect(exported.profile.locale).toBe('en');
  expect(exported.pairings[0]?.partner_username).toBe(bob.username);
  expect(exported.desires).toEqual([
    expect.objectContaining({ direction: 'received', note: 'see you at eight' }),
  ]);
  expect(exported.signedInDevices).toContainEqual(expect.objectContaining({ revoked_at: null }));

  // A wrong password deletes nothing.
  await settings.deleteAccount('not my password');
  await expect(settings.confirmation.getByRole('alert')).toContainText('did not confirm it is you');
  await settings.confirmation.getByRole('button', { name: 'Cancel' }).click();

  await settings.deleteAccount(alice.password);
  await expect(toast(alicePage, 'Your account has been deleted')).toBeVisible();
  await expect(alicePage).toHaveURL(/\/auth\/welcome$/);

  // Bob did nothing: the live channel tells him who left and sends him to pairing.
  await expect(toast(bobPage, `${alice.username} deleted their account`)).toBeVisible();
  await new PartnerPage(bobPage).expectOpen();

  // The account is gone: its password no longer signs in.
  const welcome = new WelcomePage(alicePage);
  await welcome.goto();
  await welcome.submitSignIn(alice);
  await expect(welcome.error).toContainText('Invalid email or password');
});
