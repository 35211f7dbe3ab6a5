import type { Page } from '@playwright/test';
import { english, type KeyInfo } from '@couple/protocol';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { WishesPage } from '../pages/WishesPage.js';
import { MOBILE, expect, test, type BrowserOptions } from '../support/fixtures.js';
import { signedInCouple } from '../support/flows.js';
import { ScreenRecorder } from '../support/screens.js';
import { ownKeyAsPartners, rolledBackTo, serveKeys } from '../support/served-keys.js';
import type { Backend } from '../support/users.js';

/*
 * Issue 39: a server that names as the partner's current key one this device must not take
 * (a key the partner rotated away from, or the user's own) gets the full key-change warning,
 * and the wishes engine waits.
 */
const MATCHING_WAITS =
  'Your partner’s key changed. Matching waits until you have compared your safety number.';

/** Alice and Bob with their keys made, and both keys as the server gives them to Alice. */
async function coupleWithKeys(
  openBrowser: (options?: BrowserOptions) => Promise<Page>,
  backend: Backend,
) {
  const couple = await signedInCouple(openBrowser, backend);
  const aliceKeys = new KeysPages(couple.alicePage);
  const bobKeys = new KeysPages(couple.bobPage);
  await aliceKeys.expectEndToEndReady();
  await bobKeys.expectEndToEndReady();
  const { own, partner } = await backend.identityKeys(couple.alice);
  if (!own || !partner) throw new Error('a key is missing');
  const keys: { own: KeyInfo; partner: KeyInfo } = { own, partner };
  return { ...couple, aliceKeys, bobKeys, keys };
}

/** The warning and the Wishes screen, on a desktop and then at phone size. */
async function captureBothSizes(page: Page, folder: string): Promise<void> {
  const screens = new ScreenRecorder(page, folder);
  for (const [size, viewport] of [
    ['desktop', page.viewportSize()],
    ['phone', MOBILE],
  ] as const) {
    if (viewport) await page.setViewportSize(viewport);
    await page.goto('/');
    const warning = new KeysPages(page).keyChangeWarning;
    await expect(warning).toBeVisible();
    // It stands below the form: in the picture as a person scrolls to it.
    await warning.evaluate((element) =>
      element.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await screens.capture(`key-change-warning-${size}`);
    await new WishesPage(page).goto();
    await expect(new WishesPage(page).notice).toBeVisible();
    await screens.capture(`wishes-waiting-${size}`);
  }
}

test('a key the partner rotated away from, served as current again, is a key change and stops wishes', async ({
  openBrowser,
  backend,
}) => {
  // Two browsers, a rotation and their key work: over the default minute on a loaded machine.
  test.slow();
  const { bob, alicePage, aliceKeys, bobKeys, keys } = await coupleWithKeys(openBrowser, backend);

  await bobKeys.rotateKey();
  await alicePage.goto('/');
  await aliceKeys.keyRotatedNotice
    .getByRole('button', { name: KEY_TEXTS.keyRotatedDismiss })
    .click();
  await expect(aliceKeys.keyRotatedNotice).toBeHidden();

  const realKeys = await serveKeys(alicePage, rolledBackTo(keys.partner));
  await alicePage.goto('/');
  await expect(aliceKeys.keyChangeWarning).toContainText(
    english(KEY_TEXTS.keyChanged, { name: bob.username }),
  );
  await expect(aliceKeys.keyChangeWarning.getByRole('button')).toHaveText(KEY_TEXTS.sendAnyway);
  await expect(aliceKeys.keyRotatedNotice).toBeHidden();
  await expect(new DesirePage(alicePage).send).toBeDisabled();
  const wishes = new WishesPage(alicePage);
  await wishes.goto();
  await expect(wishes.notice).toContainText(MATCHING_WAITS);
  await captureBothSizes(alicePage, 'partner-key-rollback');

  // Served the partner's current key again, the device trusts it as before: no warning.
  await realKeys();
  await alicePage.goto('/');
  await aliceKeys.expectEndToEndReady();
  await expect(aliceKeys.keyChangeWarning).toBeHidden();
});

test('the user’s own key named as the partner’s is refused, and says so', async ({
  openBrowser,
  backend,
}) => {
  test.slow();
  const { bob, alicePage, aliceKeys, keys } = await coupleWithKeys(openBrowser, backend);

  await serveKeys(alicePage, ownKeyAsPartners(keys.own));
  await alicePage.goto('/');
  const isOwn = english(KEY_TEXTS.partnerKeyIsOwn, { name: bob.username });
  await expect(aliceKeys.keyChangeWarning).toContainText(isOwn);
  // Accepting cannot make one's own key the partner's: only the safety number is offered.
  await expect(aliceKeys.keyChangeWarning.getByRole('button')).toHaveCount(0);
  await expect(new DesirePage(alicePage).send).toBeDisabled();
  const wishes = new WishesPage(alicePage);
  await wishes.goto();
  await expect(wishes.notice).toContainText(isOwn);
  await captureBothSizes(alicePage, 'partner-key-is-own');
});
