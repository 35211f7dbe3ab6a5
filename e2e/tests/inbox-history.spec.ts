import { ANSWER_NOTE_TEXTS, ANSWER_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signedInCouple } from '../support/flows.js';
import { holdRequests } from '../support/hold-requests.js';

test('the sender sees a desire go from delivered to seen when the partner opens the inbox', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);

  await new DesirePage(alicePage).sendDesire({ intensity: 6, urgency: 9 });
  const arrived = toast(bobPage, 'You have a new desire!');
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('Intensity 6/10 · Urgency 9/10');

  await alicePage.goto('/notifications?view=sent');
  const aliceInbox = new InboxPage(alicePage);
  await expect(aliceInbox.sentTab).toHaveAttribute('aria-selected', 'true');
  const card = aliceInbox.cards.first();
  await expect(card).toContainText(`To ${bob.username}`);
  await expect(card.getByTestId('sent-state')).toHaveText('Delivered');
  await expect(aliceInbox.dayHeading('Today')).toBeVisible();

  await new Layout(bobPage).open('inbox');
  const bobInbox = new InboxPage(bobPage);
  await bobInbox.expectOpen();
  await expect(bobInbox.cards.first()).toContainText(`From ${alice.username}`);
  await expect(bobInbox.cards.first().locator('time')).toHaveText('just now');

  await expect(card.getByTestId('sent-state')).toHaveText(/^Seen \d{1,2}:\d{2} [AP]M$/);
});

test('a long inbox shows the first 50 and loads older ones on request', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  for (let index = 0; index < 53; index += 1) await backend.sendDesire(alice, bob, index % 11);
  const bobPage = await openBrowser();
  await openSignedIn(bobPage, bob);
  await new Layout(bobPage).open('inbox');
  const inbox = new InboxPage(bobPage);
  await expect(inbox.cards).toHaveCount(50);
  await inbox.loadOlder.click();
  await expect(inbox.cards).toHaveCount(53);
  await expect(inbox.loadOlder).toBeHidden();
});

test('a partner answers a desire and the sender sees the answer live', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    undefined,
    { mobile: true },
  ]);
  await backend.sendDesire(alice, bob, 8);

  await alicePage.goto('/notifications?view=sent');
  const aliceInbox = new InboxPage(alicePage);
  await expect(aliceInbox.cards.first().getByTestId('sent-state')).toBeVisible();

  await bobPage.goto('/notifications');
  const bobCard = new InboxPage(bobPage).cards.first();
  await bobCard.getByRole('button', { name: 'I’m in' }).click();
  await expect(bobCard.getByRole('button', { name: 'I’m in' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const answered = toast(alicePage, `${bob.username} answered: I’m in`);
  await expect(answered).toBeVisible();
  await new Layout(alicePage).open('desire');
  await answered.getByRole('button', { name: 'View' }).click();
  await expect(alicePage).toHaveURL(/\/notifications\?view=sent$/);
  await expect(aliceInbox.cards.first().getByTestId('sent-state')).toHaveText(/Answered: I’m in/);

  await bobCard.getByRole('button', { name: 'Later' }).click();
  await expect(aliceInbox.cards.first().getByTestId('sent-state')).toHaveText(/Answered: Later/);
  await bobPage.reload();
  await expect(
    new InboxPage(bobPage).cards.first().getByRole('button', { name: 'Later' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('a note started while the answer is still on its way stays open', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, bobPage } = await signedInCouple(openBrowser, backend, [
    undefined,
    { mobile: true },
  ]);
  await backend.sendDesire(alice, bob, 6);
  // A slow network: the answer reaches the server only once the note is being written.
  const slowAnswer = holdRequests(bobPage, '**/api/messages/*/answer');
  await bobPage.goto('/notifications');
  const inbox = new InboxPage(bobPage);
  const card = inbox.cards.first();
  const sent = bobPage.waitForRequest('**/api/messages/*/answer');
  const answered = bobPage.waitForResponse('**/api/messages/*/answer');
  await card.getByRole('button', { name: ANSWER_TEXTS.in }).click();
  await sent;
  await card.getByRole('button', { name: ANSWER_NOTE_TEXTS.add }).click();
  const note = card.getByRole('textbox', { name: ANSWER_NOTE_TEXTS.label });
  await note.fill('Give me ten minutes');
  slowAnswer.release();
  expect((await answered).ok()).toBe(true);
  await expect(note).toHaveValue('Give me ten minutes');
  await card.getByRole('button', { name: ANSWER_NOTE_TEXTS.send }).click();
  await expect(card.getByTestId('answer-note')).toContainText('Give me ten minutes');
});
