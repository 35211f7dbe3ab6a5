import type { Page } from '@playwright/test';
import { KEY_TEXTS, WISH_CATALOG } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WishesPage } from '../pages/WishesPage.js';
import { MOBILE, expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signedInCouple } from '../support/flows.js';
import { forgeNoteInDatabase, skipUnlessServerDatabaseWritable } from '../support/forged-note.js';
import { ScreenRecorder } from '../support/screens.js';
import type { ApiUser, Backend } from '../support/users.js';

/*
 * Issue 39, "Continuity across one's own devices": a second device of one person knows what the
 * first one knew. After the partner rotated their key, a linked laptop and a phone restored
 * from the recovery phrase confirm the partner's genuine older notes (the rotation vouches
 * backwards), never a key the server added; and one's wish answers and settings follow.
 */
const BEFORE = 'Sealed before Bob’s new key';
const AFTER = 'Sealed with Bob’s new key';
const tender = WISH_CATALOG.filter((wish) => wish.tier === 'tender').map((wish) => wish.text);
const ANSWERS = {
  [tender[0] ?? '']: 'Yes',
  [tender[1] ?? '']: 'Maybe',
  [tender[2] ?? '']: 'No',
} as const;

async function send(page: Page, note: string): Promise<void> {
  await new DesirePage(page).sendDesire({ intensity: 5, urgency: 3, note });
  await expect(toast(page, 'Your desire has been sent')).toBeVisible();
}

/** Bob seals a note, replaces his key in Settings (the old key signs), and seals another. */
async function bobRotatesBetweenNotes(bobPage: Page, alicePage: Page): Promise<void> {
  await send(bobPage, BEFORE);
  await new KeysPages(bobPage).rotateKey();
  await bobPage.goto('/');
  await send(bobPage, AFTER);
  const aliceKeys = new KeysPages(alicePage);
  await alicePage.goto('/');
  await aliceKeys.keyRotatedNotice
    .getByRole('button', { name: KEY_TEXTS.keyRotatedDismiss })
    .click();
  await expect(aliceKeys.keyRotatedNotice).toBeHidden();
}

/** Alice answers three wishes and counts a maybe as a yes, on the device given. */
async function answerWishes(page: Page): Promise<void> {
  const wishes = new WishesPage(page);
  await wishes.goto();
  await wishes.answerInList(ANSWERS);
  await new Layout(page).open('settings');
  const settings = new SettingsPage(page);
  await settings.maybeCountsAsYes.click();
  await expect(settings.maybeCountsAsYes).toBeChecked();
}

async function expectSameWishes(page: Page): Promise<void> {
  const wishes = new WishesPage(page);
  await wishes.goto();
  await wishes.allWishes.click();
  for (const [wish, answer] of Object.entries(ANSWERS)) {
    await expect(wishes.listAnswer(wish, answer)).toHaveAttribute('aria-pressed', 'true');
  }
  await new Layout(page).open('settings');
  await expect(new SettingsPage(page).maybeCountsAsYes).toBeChecked();
}

/** Both of Bob's notes show as end-to-end from him, and no key-change warning is up. */
async function expectBobConfirmed(page: Page): Promise<void> {
  await page.goto('/notifications');
  const inbox = new InboxPage(page);
  for (const note of [BEFORE, AFTER]) {
    await expect(inbox.cardWithNote(note)).toContainText(KEY_TEXTS.e2eTag);
    await expect(inbox.unconfirmedSealer(inbox.cardWithNote(note))).toHaveCount(0);
  }
  await page.goto('/');
  await expect(new KeysPages(page).keyChangeWarning).toBeHidden();
}

/** The backup of Alice's wishes on the server has been written since `after`. */
async function waitForWishBackup(backend: Backend, alice: ApiUser, after = 0): Promise<number> {
  let version = after;
  await expect
    .poll(async () => (version = await backend.wishBackupVersion(alice)), { timeout: 20_000 })
    .toBeGreaterThan(after);
  return version;
}

const BOTH_SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', MOBILE],
] as const;

/** The inbox, the safety number and the list of wishes, at each size (a desktop, then a phone). */
async function captureScreens(
  page: Page,
  folder: string,
  sizes: readonly (typeof BOTH_SIZES)[number][] = BOTH_SIZES,
): Promise<void> {
  const screens = new ScreenRecorder(page, folder);
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await page.goto('/notifications');
    await expect(new InboxPage(page).cardWithNote(BEFORE)).toContainText(KEY_TEXTS.e2eTag);
    await screens.capture(`inbox-${size}`);
    await new KeysPages(page).openSafetyNumber();
    await screens.capture(`safety-number-${size}`);
    const wishes = new WishesPage(page);
    await wishes.goto();
    await wishes.allWishes.click();
    await expect(wishes.listAnswer(tender[0] ?? '', 'Yes')).toHaveAttribute('aria-pressed', 'true');
    await screens.capture(`wishes-${size}`);
  }
}

test('a laptop linked after the partner rotated shows the same trust and wish answers as the phone', async ({
  openBrowser,
  backend,
}) => {
  // Three browsers, a rotation, a link and their key work.
  test.setTimeout(240_000);
  const {
    alice,
    alicePage: phone,
    bobPage,
  } = await signedInCouple(openBrowser, backend, [{ mobile: true }, { mobile: true }]);
  const phoneKeys = new KeysPages(phone);
  await phoneKeys.expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  await bobRotatesBetweenNotes(bobPage, phone);
  await phoneKeys.openSafetyNumber();
  await phone.getByRole('button', { name: KEY_TEXTS.safetyVerify }).click();
  await expect(phoneKeys.verified).toBeVisible();
  await answerWishes(phone);
  await expectBobConfirmed(phone);
  // What the phone shows, to hold the laptop's pictures against.
  await captureScreens(phone, 'device-continuity-phone', [BOTH_SIZES[1]]);

  const laptop = await openBrowser();
  await openSignedIn(laptop, alice);
  const laptopKeys = new KeysPages(laptop);
  await laptopKeys.openSetup();
  await laptopKeys.linkFrom(phoneKeys);
  // The laptop leaves the setup screen once it holds the key and took in the record.
  await expect(laptop).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(laptopKeys.banner).toBeHidden();

  await expectBobConfirmed(laptop);
  await expect(laptopKeys.keyRotatedNotice).toBeHidden();
  await laptopKeys.openSafetyNumber();
  await expect(laptopKeys.verified).toBeVisible();
  await expectSameWishes(laptop);
  await captureScreens(laptop, 'device-continuity-linked-laptop');
});

test('a phone restored from the phrase confirms the partner’s older notes and gets its wish answers back', async ({
  openBrowser,
  backend,
}) => {
  test.setTimeout(240_000);
  const { alice, alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  const aliceKeys = new KeysPages(alicePage);
  await aliceKeys.expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  const phrase = await aliceKeys.readRecoveryPhrase();
  await bobRotatesBetweenNotes(bobPage, alicePage);
  await answerWishes(alicePage);
  await waitForWishBackup(backend, alice);

  const restored = await openBrowser({ mobile: true });
  await openSignedIn(restored, alice);
  const restoredKeys = new KeysPages(restored);
  await restoredKeys.openSetup();
  await restoredKeys.restore(phrase);
  await expect(restored).toHaveURL(/\/$/);

  await expectBobConfirmed(restored);
  await expectSameWishes(restored);
  await captureScreens(restored, 'device-continuity-restored-phone');
});

test('a key the server adds to the partner’s history stays unconfirmed on a restored device (PostgreSQL only, needs TEST_DATABASE_URL)', async ({
  openBrowser,
  backend,
}) => {
  skipUnlessServerDatabaseWritable();
  test.setTimeout(240_000);
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  const aliceKeys = new KeysPages(alicePage);
  await aliceKeys.expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  const phrase = await aliceKeys.readRecoveryPhrase();
  await bobRotatesBetweenNotes(bobPage, alicePage);
  const forged = await forgeNoteInDatabase(bob, alice, 'Send me your password');

  const restored = await openBrowser();
  await openSignedIn(restored, alice);
  const restoredKeys = new KeysPages(restored);
  await restoredKeys.openSetup();
  await restoredKeys.restore(phrase);
  await expect(restored).toHaveURL(/\/$/);

  await restored.goto('/notifications');
  const inbox = new InboxPage(restored);
  for (const note of [BEFORE, AFTER]) {
    await expect(inbox.cardWithNote(note)).toContainText(KEY_TEXTS.e2eTag);
  }
  const card = inbox.cardWithNote('Send me your password');
  await expect(inbox.unconfirmedSealer(card)).toContainText(KEY_TEXTS.unconfirmedSealer);
  await expect(inbox.unconfirmedKeyId(card)).toHaveText(forged.keyId);
  await expect(card).not.toContainText(KEY_TEXTS.e2eTag);
});
