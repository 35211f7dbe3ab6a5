import { english } from '@couple/protocol';
import { KEY_TEXTS, OFFLINE_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { Outbox } from '../pages/Outbox.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signedInCouple } from '../support/flows.js';
import { isApiCall } from '../support/api-route.js';

test('a desire written offline is sent when the connection returns', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser()]);
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  await new Layout(bobPage).open('inbox');
  const bobInbox = new InboxPage(bobPage);
  await bobInbox.expectOpen();

  const posts: string[] = [];
  alicePage.on('request', (request) => {
    if (isApiCall(request, 'sendDesire')) posts.push(request.url());
  });
  await alicePage.context().setOffline(true);
  const note = 'Written in the tunnel';
  await new DesirePage(alicePage).sendDesire({ intensity: 8, urgency: 4, note });
  await expect(toast(alicePage, OFFLINE_TEXTS.queuedToast)).toBeVisible();
  const outbox = new Outbox(alicePage);
  await expect(outbox.waiting).toHaveCount(1);
  await expect(outbox.waiting).toContainText('Intensity: 8/10');
  expect(await backend.receivedIds(bob)).toEqual([]);

  await alicePage.context().setOffline(false);
  await expect(toast(alicePage, english(OFFLINE_TEXTS.queuedSent, { count: 1 }))).toBeVisible();
  await expect(outbox.items).toHaveCount(0);
  const card = bobInbox.cardWithNote(note);
  await expect(card).toContainText('Intensity: 8/10');
  await expect(card).toContainText(/encrypted/i);
  expect(posts.length).toBeGreaterThan(0);

  // Going offline and back again sends nothing more: the partner has it exactly once.
  await alicePage.context().setOffline(true);
  await alicePage.context().setOffline(false);
  await alicePage.reload();
  await new DesirePage(alicePage).expectOpen();
  await expect(bobInbox.cards).toHaveCount(1);
  expect(await backend.receivedIds(bob)).toHaveLength(1);
});

test('a desire queued offline survives a reload', async ({ openBrowser, backend }) => {
  const [alice, bob] = await backend.couple();
  const alicePage = await openBrowser({ serviceWorker: true });
  await openSignedIn(alicePage, alice);
  const outbox = new Outbox(alicePage);
  await outbox.waitUntilAvailableOffline();

  await alicePage.context().setOffline(true);
  await new DesirePage(alicePage).sendDesire({ intensity: 3, urgency: 9, note: 'Still here?' });
  await expect(outbox.waiting).toHaveCount(1);

  await alicePage.reload();
  await new DesirePage(alicePage).expectOpen();
  await expect(outbox.offlineBanner).toBeVisible();
  await expect(outbox.waiting).toHaveCount(1);
  await expect(outbox.waiting).toContainText('Urgency: 9/10');
  await new Layout(alicePage).open('inbox');
  await new InboxPage(alicePage).sentTab.click();
  await expect(outbox.waiting).toHaveCount(1);

  await alicePage.context().setOffline(false);
  await expect(outbox.items).toHaveCount(0);
  await expect.poll(() => backend.receivedIds(bob)).toHaveLength(1);
  await expect(new InboxPage(alicePage).page.getByTestId('sent-state')).toHaveText('Delivered');
  expect(await backend.receivedIds(bob)).toHaveLength(1);
});

test('an offline reload shows the last known inbox with an offline banner', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  await backend.sendDesire(alice, bob, 7);
  await backend.sendDesire(alice, bob, 2);
  const bobPage = await openBrowser({ serviceWorker: true });
  await openSignedIn(bobPage, bob);
  await new Layout(bobPage).open('inbox');
  const inbox = new InboxPage(bobPage);
  await inbox.expectOpen();
  await expect(inbox.cards).toHaveCount(2);
  const outbox = new Outbox(bobPage);
  await outbox.waitUntilAvailableOffline();
  await expect(outbox.offlineBanner).toBeHidden();
  await inbox.waitUntilKeptOffline(2);

  await bobPage.context().setOffline(true);
  await bobPage.reload();
  await inbox.expectOpen();
  await expect(outbox.offlineBanner).toHaveText(OFFLINE_TEXTS.offlineBanner);
  await expect(inbox.cards).toHaveCount(2);
  await expect(inbox.cards.first()).toContainText('Intensity: 2/10');

  await bobPage.context().setOffline(false);
  await expect(outbox.offlineBanner).toBeHidden();
});

test('an answer given offline waits, then reaches the sender when the connection returns', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    undefined,
    { mobile: true },
  ]);
  await backend.sendDesire(alice, bob, 6);
  await alicePage.goto('/notifications?view=sent');
  const sentState = new InboxPage(alicePage).cards.first().getByTestId('sent-state');
  await expect(sentState).toBeVisible();
  await bobPage.goto('/notifications');
  const bobCard = new InboxPage(bobPage).cards.first();
  await expect(bobCard).toBeVisible();

  await bobPage.context().setOffline(true);
  await bobCard.getByRole('button', { name: 'Later' }).click();
  await expect(toast(bobPage, OFFLINE_TEXTS.answerQueuedToast)).toBeVisible();
  await expect(bobCard.getByRole('button', { name: 'Later' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(bobCard).toContainText(OFFLINE_TEXTS.waitingToSend);
  await bobPage.screenshot({ path: test.info().outputPath('answer-waiting-phone.png') });
  await expect(sentState).not.toHaveText(/Answered/);

  await bobPage.context().setOffline(false);
  await expect(
    toast(bobPage, english(OFFLINE_TEXTS.queuedAnswersSent, { count: 1 })),
  ).toBeVisible();
  await expect(bobCard).not.toContainText(OFFLINE_TEXTS.waitingToSend);
  await expect(sentState).toHaveText(/Answered: Later/);
});

test('a note written offline before the partner had keys goes end-to-end when it is sent', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const alicePage = await openBrowser({ mobile: true });
  const published = alicePage.waitForResponse((response) =>
    isApiCall(response.request(), 'publishIdentityKey'),
  );
  await openSignedIn(alicePage, alice);
  expect((await published).ok()).toBe(true);
  // Bob has never opened the app: he has no key, so the form promises the older format.
  await expect(alicePage.getByText(KEY_TEXTS.legacyTag, { exact: true })).toBeVisible();

  await alicePage.context().setOffline(true);
  const note = 'Written before you had keys';
  await new DesirePage(alicePage).sendDesire({ intensity: 6, urgency: 3, note });
  await expect(toast(alicePage, OFFLINE_TEXTS.queuedToast)).toBeVisible();

  // Meanwhile Bob signs in for the first time: his key is made and published.
  const bobPage = await openBrowser();
  await openSignedIn(bobPage, bob);
  await new KeysPages(bobPage).expectEndToEndReady();

  const answers: number[] = [];
  alicePage.on('response', (response) => {
    if (isApiCall(response.request(), 'sendDesire')) answers.push(response.status());
  });
  await alicePage.context().setOffline(false);
  await expect(toast(alicePage, english(OFFLINE_TEXTS.queuedSent, { count: 1 }))).toBeVisible();
  await expect(new Outbox(alicePage).items).toHaveCount(0);
  // The server refused the older format once both had keys; the app sealed it again.
  expect(answers).toEqual([409, 201]);

  await bobPage.goto('/notifications');
  const card = new InboxPage(bobPage).cardWithNote(note);
  await expect(card).toContainText(KEY_TEXTS.e2eTag);
  expect(await backend.receivedIds(bob)).toHaveLength(1);
});
