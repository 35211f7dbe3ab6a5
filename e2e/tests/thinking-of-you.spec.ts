import { mkdir } from 'node:fs/promises';
import type { Locale } from '@couple/protocol';
import { thoughtPayload } from '../../apps/server/src/push/payloads.js';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { ThinkingOfYou } from '../pages/ThinkingOfYou.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { pushToServiceWorker, shownNotifications } from '../support/service-worker-push.js';

const SHOTS = 'test-results/thinking-of-you';

test('one tap tells the partner live, as a light inbox entry, and by push in their language', async ({
  openBrowser,
  backend,
}) => {
  const bobLocale: Locale = 'fr';
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([
    openBrowser(),
    openBrowser({ mobile: true, locale: bobLocale, serviceWorker: true, notifications: true }),
  ]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  await mkdir(SHOTS, { recursive: true });

  // Alice, on the Send desire screen of her computer: the button beside Send Desire.
  const desire = new DesirePage(alicePage);
  await desire.expectOpen();
  const aliceThought = new ThinkingOfYou(alicePage);
  await expect(aliceThought.button).toBeEnabled();
  const bobThought = new ThinkingOfYou(bobPage, bobLocale);
  await aliceThought.button.click();
  // The limit: disabled, and says for how long. Read as the reason first shows, not polled: a
  // wait worked out from a stale clock said 6 minutes until its next tick.
  expect(await aliceThought.wait.textContent()).toBe(aliceThought.waitText(5));
  await expect(aliceThought.button).toBeDisabled();
  // Alice's small confirmation; Bob, on his phone in French, a gentle toast (both brief).
  await Promise.all([
    expect(toast(alicePage, aliceThought.sentToastText(bob.username))).toBeVisible(),
    expect(toast(bobPage, bobThought.toastText(alice.username))).toBeVisible(),
  ]);
  await bobPage.screenshot({ path: `${SHOTS}/phone-toast.png` });
  await alicePage.screenshot({ path: `${SHOTS}/desktop-send.png`, fullPage: true });

  // Bob's badge counts it.
  const bobLayout = new Layout(bobPage, bobLocale);
  await expect(bobLayout.unreadBadge).toHaveText('1');

  // In the inbox it is a light entry, not a desire; opening the inbox reads it.
  await bobLayout.open('inbox');
  const inbox = new InboxPage(bobPage, bobLocale);
  await inbox.expectOpen();
  await expect(bobThought.receivedEntry(alice.username)).toBeVisible();
  await expect(inbox.cards).toHaveCount(0);
  await expect(bobLayout.unreadBadge).toHaveCount(0);
  // Bob may answer in kind from the inbox header: his own limit, not Alice's.
  await expect(bobThought.button).toBeEnabled();
  await bobPage.screenshot({ path: `${SHOTS}/phone-inbox.png`, fullPage: true });

  // Alice's Sent list says it her way.
  await new Layout(alicePage).open('inbox');
  const aliceInbox = new InboxPage(alicePage);
  await aliceInbox.sentTab.click();
  await expect(aliceThought.sentEntry(bob.username)).toBeVisible();
  await alicePage.screenshot({ path: `${SHOTS}/desktop-sent.png`, fullPage: true });

  // The push the server writes for Bob (in his stored language), shown by his service worker.
  expect(await backend.storedLocale(bob)).toBe(bobLocale);
  const origin = new URL(bobPage.url()).origin;
  const payload = thoughtPayload(
    { userId: bob.id, publicUrl: origin, locale: bobLocale, unreadCount: 1 },
    alice.username,
  );
  await pushToServiceWorker(bobPage, payload);
  await expect
    .poll(() => shownNotifications(bobPage))
    .toEqual([
      {
        title: bobThought.toastText(alice.username),
        body: '',
        lang: bobLocale,
        dir: 'ltr',
        url: '/notifications',
      },
    ]);
});
