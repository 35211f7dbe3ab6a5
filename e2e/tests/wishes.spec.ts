import type { Page } from '@playwright/test';
import {
  WISH_CATALOG,
  WISH_TEXTS,
  WISH_TIERS,
  WISH_TIERS_HIDDEN_BY_DEFAULT,
} from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WishesPage } from '../pages/WishesPage.js';
import { WCAG_AA_TAGS, expectAccessible } from '../support/axe.js';
import { expect, test, toast } from '../support/fixtures.js';
import { recordTexts, signedInCouple } from '../support/flows.js';

/*
 * Issue 29: two partners answer alone; each sees exactly the wishes both said yes to, and
 * never the other's no or maybe. Matching runs between the two browsers' devices (rounds
 * through the real server), so a match can take a few seconds to show.
 */
const MATCH_MS = 30_000;

const tender = WISH_CATALOG.filter((wish) => wish.tier === 'tender').map((wish) => wish.text);
const [bothYes, aliceYesBobNo, aliceYesBobMaybe, aliceMaybeBobYes, aliceNoBobYes] = tender;
const shown = WISH_CATALOG.filter((wish) => !WISH_TIERS_HIDDEN_BY_DEFAULT.includes(wish.tier));

async function openWishes(page: Page): Promise<WishesPage> {
  await new Layout(page).open('wishes');
  const wishes = new WishesPage(page);
  await wishes.expectOpen();
  return wishes;
}

/** Exactly these wishes are the matches, in any order. */
async function expectMatches(wishes: WishesPage, texts: string[]): Promise<void> {
  await expect
    .poll(async () => (await wishes.matchTexts.allTextContents()).sort(), { timeout: MATCH_MS })
    .toEqual([...texts].sort());
}

test('two partners answer their wishes and see only what both want', async ({
  openBrowser,
  backend,
}) => {
  test.setTimeout(240_000);
  const { alicePage, bobPage } = await signedInCouple(openBrowser, backend, [{}, { mobile: true }]);
  const [alice, bob] = await Promise.all([openWishes(alicePage), openWishes(bobPage)]);
  await expect(alice.privacy).toContainText(
    'Your answers leave this device only encrypted with your own key',
  );
  await expect(alice.noMatches).toBeVisible();
  await expectAccessible(alicePage, 'wishes, card, desktop', WCAG_AA_TAGS);
  await expectAccessible(bobPage, 'wishes, card, phone', WCAG_AA_TAGS);
  // Everything Alice's matches ever show, however briefly.
  const aliceSawMatches = await recordTexts(alicePage, '[data-testid="wish-matches"] button');

  // Bob starts on the card: one wish at a time, the spicy tier hidden until he shows it.
  await expect(bob.progress).toHaveText(`1 of ${shown.length}`);
  const first = await bob.currentWish.textContent();
  await bob.skip.click();
  await expect(bob.progress).toHaveText(`2 of ${shown.length}`);
  await expect(bob.currentWish).not.toHaveText(first ?? '');
  await expect(bob.currentWish).toBeFocused();

  await alice.answerInList({
    [bothYes!]: 'Yes',
    [aliceYesBobNo!]: 'Yes',
    [aliceYesBobMaybe!]: 'Yes',
    [aliceMaybeBobYes!]: 'Maybe',
    [aliceNoBobYes!]: 'No',
  });
  await bob.answerInList({
    [bothYes!]: 'Yes',
    [aliceYesBobNo!]: 'No',
    [aliceYesBobMaybe!]: 'Maybe',
    [aliceMaybeBobYes!]: 'Yes',
    [aliceNoBobYes!]: 'Yes',
  });

  await expect(toast(alicePage, WISH_TEXTS.newMatchPush)).toBeVisible({ timeout: MATCH_MS });
  await expect(toast(bobPage, WISH_TEXTS.newMatchPush)).toBeVisible({ timeout: MATCH_MS });
  await expectMatches(alice, [bothYes!]);
  await expectMatches(bob, [bothYes!]);
  await expectAccessible(alicePage, 'wishes, list with a match', WCAG_AA_TAGS);

  // Bob lets his maybe count as a yes: his maybe meets Alice's yes. Alice's own maybe does not.
  await new Layout(bobPage).open('settings');
  const bobSettings = new SettingsPage(bobPage);
  await expect(bobSettings.wishTier(WISH_TIERS.at(-1)!.name)).not.toBeChecked();
  await bobSettings.maybeCountsAsYes.click();
  await expect(bobSettings.maybeCountsAsYes).toBeChecked();
  await new Layout(bobPage).open('wishes');
  await expectMatches(bob, [bothYes!, aliceYesBobMaybe!]);
  await expectMatches(alice, [bothYes!, aliceYesBobMaybe!]);

  // Bob changes his mind: the match goes on both screens.
  await bob.allWishes.click();
  await bob.listAnswer(bothYes!, 'No').click();
  await expectMatches(bob, [aliceYesBobMaybe!]);
  await expectMatches(alice, [aliceYesBobMaybe!]);

  // Alice's own answers are unchanged, and nothing Bob said no or maybe to ever matched.
  await alice.allWishes.click();
  await expect(alice.listAnswer(aliceYesBobNo!, 'Yes')).toHaveAttribute('aria-pressed', 'true');
  await expect(alice.listAnswer(aliceNoBobYes!, 'No')).toHaveAttribute('aria-pressed', 'true');
  const seen = (await aliceSawMatches()).join('\n');
  for (const never of [aliceYesBobNo!, aliceMaybeBobYes!, aliceNoBobYes!]) {
    expect(seen, never).not.toContain(never);
  }
});

test('a wish one partner proposes reaches the other, matches, and is sent as a desire', async ({
  openBrowser,
  backend,
}) => {
  test.setTimeout(180_000);
  const { alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  const [alice, bob] = await Promise.all([openWishes(alicePage), openWishes(bobPage)]);
  const wish = 'A midnight swim in the lake';

  await alice.proposal.fill(wish);
  await expect(alice.proposalCounter).toHaveText(`${wish.length}/120`);
  await alice.addProposal.click();
  await expect(toast(alicePage, 'Your wish is on both your lists')).toBeVisible();
  // Whoever proposes a wish wants it: it starts as their yes, which they can still change.
  await alice.allWishes.click();
  await expect(alice.listAnswer(wish, 'Yes')).toHaveAttribute('aria-pressed', 'true');
  await expect(alice.row(wish)).toContainText('Withdraw');

  // Bob sees it among the couple's own wishes, without Alice's answer, and cannot withdraw it.
  await bob.allWishes.click();
  await expect(bob.row(wish)).toBeVisible({ timeout: MATCH_MS });
  await expect(bob.row(wish).getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(bob.row(wish)).not.toContainText('Withdraw');
  await bob.listAnswer(wish, 'Yes').click();

  await expect(toast(bobPage, WISH_TEXTS.newMatchPush)).toBeVisible({ timeout: MATCH_MS });
  await expectMatches(alice, [wish]);
  await expectMatches(bob, [wish]);

  // Tapping the match opens Send desire with the wish in the note; it goes as any desire does.
  await bob.match(wish).click();
  const desire = new DesirePage(bobPage);
  await desire.expectOpen();
  await expect(desire.note).toHaveValue(`✨ ${wish}`);
  await expect(desire.intensity).toHaveValue('5');
  await desire.send.click();
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();
  await new Layout(alicePage).open('inbox');
  await expect(new InboxPage(alicePage).cardWithNote(`✨ ${wish}`)).toBeVisible();

  // Alice takes it back: it leaves Bob's list and the match goes.
  await openWishes(alicePage);
  await alice.allWishes.click();
  await alice
    .row(wish)
    .getByRole('button', { name: `Withdraw “${wish}”` })
    .click();
  await expect(toast(alicePage, 'Your wish was withdrawn')).toBeVisible();
  await openWishes(bobPage);
  await expect(bob.match(wish)).toHaveCount(0, { timeout: MATCH_MS });
  await bob.allWishes.click();
  await expect(bob.row(wish)).toHaveCount(0, { timeout: MATCH_MS });
});
