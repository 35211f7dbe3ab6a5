import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { KeysPages } from '../pages/KeysPages.js';
import { expect, test, type BrowserOptions } from '../support/fixtures.js';
import { openSignedIn, signedInCouple } from '../support/flows.js';
import type { Backend } from '../support/users.js';

/** A real P-256 point, raw and uncompressed, as base64url: what a relaying server would swap in. */
function otherPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(-65).toString('base64url');
}

/**
 * Plays the relaying server for one browser: each read of a link request shows the given fields
 * replaced, once the server has them (the database keeps the real ones).
 */
async function swapRelayedLinkFields(page: Page, swap: Record<string, string>): Promise<void> {
  await page.route('**/api/keys/links/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    for (const [field, value] of Object.entries(swap)) {
      if (body[field] !== null && body[field] !== undefined) body[field] = value;
    }
    await route.fulfill({ response, json: body });
  });
}

async function aliceWithANewLaptop(
  openBrowser: (options?: BrowserOptions) => Promise<Page>,
  backend: Backend,
) {
  const { alice, alicePage: phone } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);
  const phoneKeys = new KeysPages(phone);
  await phoneKeys.expectEndToEndReady();
  const laptop = await openBrowser();
  await openSignedIn(laptop, alice);
  const laptopKeys = new KeysPages(laptop);
  await laptopKeys.openSetup();
  return { phone, phoneKeys, laptop, laptopKeys };
}

test('the approving phone refuses a link whose key was swapped after it answered', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const { phone, phoneKeys, laptop, laptopKeys } = await aliceWithANewLaptop(openBrowser, backend);
  await swapRelayedLinkFields(phone, {
    ephemeral_public_key: otherPublicKey(),
    nonce: randomBytes(32).toString('base64url'),
  });

  await laptopKeys.startLink();
  await phoneKeys.openLinkApproval();
  await expect(phone.getByTestId('approve-refused')).toHaveText(KEY_TEXTS.approveTampered, {
    timeout: 15_000,
  });
  await expect(phoneKeys.approveCode).toHaveCount(0);
  await expect(phone.getByRole('button', { name: KEY_TEXTS.approveAction })).toHaveCount(0);
  // The laptop revealed its key and shows its code, but nothing is sealed to it.
  await laptopKeys.readLinkCode();
  await expect(laptop).toHaveURL(/\/keys\/setup$/);
});

test('a new laptop refuses the key when the answer it was shown was swapped', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const { phoneKeys, laptop, laptopKeys } = await aliceWithANewLaptop(openBrowser, backend);
  await swapRelayedLinkFields(laptop, { approver_public_key: otherPublicKey() });

  await laptopKeys.startLink();
  await phoneKeys.openLinkApproval();
  const phoneCode = await phoneKeys.readApproveCode();
  expect(await laptopKeys.readLinkCode()).not.toBe(phoneCode);
  // Even when the person approves the different code, the seal does not open on the laptop.
  await phoneKeys.approveLink();
  await expect(laptop.getByRole('alert')).toHaveText(KEY_TEXTS.linkRefused, { timeout: 15_000 });
  await expect(laptop).toHaveURL(/\/keys\/setup$/);
});
