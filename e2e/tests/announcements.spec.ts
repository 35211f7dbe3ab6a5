import { ANSWERED_TOAST, ANSWER_TEXTS, TEXTS } from '@couple/protocol/browser';
import { english } from '@couple/protocol';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectLiveConnected, signedInCouple } from '../support/flows.js';

/** What a screen reader announces politely: text inside an aria-live="polite" region. */
function politeRegion(page: Page) {
  return page.locator('[aria-live="polite"]');
}

test('a received desire and its answer are announced to screen readers', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  // The region is in the page before anything arrives (one added with its text is not read).
  await expect(politeRegion(alicePage)).not.toHaveCount(0);
  await expect(politeRegion(bobPage)).not.toHaveCount(0);
  // Live events are not replayed: sent before a page's channel connects, one is never announced.
  await Promise.all([expectLiveConnected(alicePage), expectLiveConnected(bobPage)]);

  await backend.sendDesire(bob, alice, 7);
  await expect(politeRegion(alicePage).filter({ hasText: TEXTS.newDesireToast })).toHaveCount(1);

  const [desireId] = await backend.receivedIds(alice);
  await backend.answer(alice, desireId ?? '', 'in');
  const announced = english(ANSWERED_TOAST, { name: alice.username, answer: ANSWER_TEXTS.in });
  await expect(politeRegion(bobPage).filter({ hasText: announced })).toHaveCount(1);
});
