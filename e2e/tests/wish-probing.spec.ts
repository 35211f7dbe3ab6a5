import { WISH_CATALOG } from '@couple/protocol/browser';
import { WishesPage } from '../pages/WishesPage.js';
import { MOBILE, expect, test } from '../support/fixtures.js';
import { signedInCouple } from '../support/flows.js';
import { ScreenRecorder } from '../support/screens.js';

/*
 * Issue 39, point 4: an initiator's device learns a round's matches before it sends finish. A
 * partner whose client never finishes (here: its finish requests never leave the browser) is
 * counted on the other device, and the Wishes screen's privacy fold says so.
 */
const ROUND_MS = 30_000;
const [first, second, third] = WISH_CATALOG.filter((wish) => wish.tier === 'tender').map(
  (wish) => wish.text,
);

test('a round the partner’s device never finishes is counted and shown', async ({
  openBrowser,
  backend,
}) => {
  test.setTimeout(180_000);
  const { alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  const [alice, bob] = [new WishesPage(alicePage), new WishesPage(bobPage)];
  await Promise.all([alice.goto(), bob.goto()]);

  // An honest first match: nothing is counted.
  await bob.answerInList({ [first!]: 'Yes' });
  await alice.answerInList({ [first!]: 'Yes' });
  await expect(bob.matchTexts).toHaveText([first!], { timeout: ROUND_MS });
  await expect(alice.matchTexts).toHaveText([first!], { timeout: ROUND_MS });
  await expect(bob.unfinishedRounds).toHaveCount(0);

  // From now on Alice's client never sends a finish.
  await alicePage.route('**/api/wishes/rounds/*/finish', (route) => route.abort());

  // Alice's next round gets Bob's reply, and her device sees the matches without finishing.
  const finishTried = alicePage.waitForRequest(/\/api\/wishes\/rounds\/[^/]+\/finish$/, {
    timeout: ROUND_MS,
  });
  await alice.answerInList({ [second!]: 'Yes' });
  await finishTried;
  // Her next change replaces that round: it can never be finished now.
  await alice.answerInList({ [third!]: 'Yes' });
  await expect(bob.unfinishedRounds).toHaveText(
    'Your partner’s device started 1 matching round that this device answered, and has not finished it. It may have seen what matched without sharing it with you.',
    { timeout: ROUND_MS },
  );
  await expect(bob.unfinishedRounds).toBeVisible();

  // As Bob sees it, on a desktop and at phone size.
  const screens = new ScreenRecorder(bobPage, 'wish-probing');
  for (const [size, viewport] of [
    ['desktop', bobPage.viewportSize()],
    ['phone', MOBILE],
  ] as const) {
    if (viewport) await bobPage.setViewportSize(viewport);
    await bob.unfinishedRounds.evaluate((element) =>
      element.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await screens.capture(`unfinished-round-${size}`);
  }
});
