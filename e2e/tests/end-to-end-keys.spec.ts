import { ANSWER_NOTE_TEXTS, KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signedInCouple } from '../support/flows.js';
import { isApiCall } from '../support/api-route.js';

test('partners compare safety numbers and read an end-to-end note', async ({
  openBrowser,
  backend,
}) => {
  const { alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    undefined,
    { mobile: true },
  ]);
  const aliceKeys = new KeysPages(alicePage);
  const bobKeys = new KeysPages(bobPage);
  await aliceKeys.expectEndToEndReady();
  await bobKeys.expectEndToEndReady();

  const aliceNumber = await aliceKeys.openSafetyNumber();
  const bobNumber = await bobKeys.openSafetyNumber();
  expect(aliceNumber).toBe(bobNumber);
  await alicePage.getByRole('button', { name: KEY_TEXTS.safetyVerify }).click();
  await expect(aliceKeys.verified).toBeVisible();
  await alicePage.reload();
  await expect(aliceKeys.verified).toBeVisible();

  await alicePage.goto('/');
  const note = 'Only for your eyes tonight';
  await new DesirePage(alicePage).sendDesire({ intensity: 7, urgency: 4, note });
  await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();

  await bobPage.goto('/notifications');
  const card = new InboxPage(bobPage).cardWithNote(note);
  await expect(card).toBeVisible();
  await expect(card).toContainText(KEY_TEXTS.e2eTag);
});

test('a partner answers with an end-to-end note that only the couple can read', async ({
  openBrowser,
  backend,
}) => {
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    undefined,
    { mobile: true },
  ]);
  await new KeysPages(alicePage).expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  await new DesirePage(alicePage).sendDesire({ intensity: 8, urgency: 6, note: 'Dinner?' });
  await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();

  await bobPage.goto('/notifications');
  const bobInbox = new InboxPage(bobPage);
  const bobCard = bobInbox.cardWithNote('Dinner?');
  await expect(bobCard).toContainText(`From ${alice.username}`);
  await bobInbox.answer(bobCard, 'in');
  const note = 'Yes, and I will cook';
  // The choice alone may still be on its way (the button shows it pressed at once): the request
  // that matters is the one carrying the note.
  const sent = bobPage.waitForRequest(
    (request) =>
      isApiCall(request, 'answerDesire') &&
      'note' in (JSON.parse(request.postData() ?? '{}') as object),
  );
  await bobInbox.sendAnswerNote(bobCard, note);
  const body = (await sent).postData() ?? '';
  expect(body).not.toContain(note);
  expect(JSON.parse(body)).toMatchObject({
    choice: 'in',
    note: { encryptionData: { version: 2 } },
  });
  await expect(bobCard.getByTestId('answer-note')).toContainText(KEY_TEXTS.e2eTag);
  // The choice and then its note: one toast for the sender, updated, not two stacked.
  const answeredToast = toast(alicePage, `${bob.username} answered: I’m in`);
  await expect(answeredToast).toBeVisible();
  await expect(answeredToast).toHaveCount(1);

  await alicePage.goto('/notifications?view=sent');
  const aliceCard = new InboxPage(alicePage).cardWithNote('Dinner?');
  await expect(aliceCard.getByTestId('sent-state')).toHaveText(/Answered: I’m in/);
  await expect(aliceCard.getByTestId('answer-note')).toContainText(`"${note}"`);
  await expect(aliceCard.getByTestId('answer-note')).toContainText(KEY_TEXTS.e2eTag);

  // Changing the choice keeps the note; removing the note leaves the choice.
  await bobInbox.answer(bobCard, 'later');
  await expect(aliceCard.getByTestId('sent-state')).toHaveText(/Answered: Later/);
  await expect(aliceCard.getByTestId('answer-note')).toContainText(note);
  await bobCard.getByRole('button', { name: ANSWER_NOTE_TEXTS.change }).click();
  await bobCard.getByRole('button', { name: ANSWER_NOTE_TEXTS.remove }).click();
  await expect(bobCard.getByTestId('answer-note')).toHaveCount(0);
  await expect(aliceCard.getByTestId('answer-note')).not.toContainText(note);
  await expect(aliceCard.getByTestId('sent-state')).toHaveText(/Answered: Later/);
});

test('a second browser of the same user links from the first and reads the history', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const {
    alice,
    alicePage: alicePhone,
    bobPage: bobPage,
  } = await signedInCouple(openBrowser, backend, [{ mobile: true }, undefined]);
  await new KeysPages(alicePhone).expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  const note = 'Sent before the laptop existed';
  await new DesirePage(bobPage).sendDesire({ intensity: 5, urgency: 5, note });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();

  const aliceLaptop = await openBrowser();
  await openSignedIn(aliceLaptop, alice);
  const laptopKeys = new KeysPages(aliceLaptop);
  await expect(laptopKeys.banner).toContainText(KEY_TEXTS.setupBanner);
  await aliceLaptop.goto('/notifications');
  await expect(aliceLaptop.getByTestId('note-locked')).toHaveText(KEY_TEXTS.noteLocked);

  await laptopKeys.openSetup();
  await laptopKeys.linkFrom(new KeysPages(alicePhone));
  await expect(aliceLaptop).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(laptopKeys.banner).toBeHidden();

  await aliceLaptop.goto('/notifications');
  const card = new InboxPage(aliceLaptop).cardWithNote(note);
  await expect(card).toContainText(KEY_TEXTS.e2eTag);
});

test('a fresh browser restores the key from the recovery phrase', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const { alice, alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  const aliceKeys = new KeysPages(alicePage);
  await aliceKeys.expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  await expect(aliceKeys.banner).toContainText(KEY_TEXTS.phraseBanner);
  const phrase = await aliceKeys.readRecoveryPhrase();
  expect(phrase.split(' ')).toHaveLength(24);
  await alicePage.getByRole('button', { name: KEY_TEXTS.recoverySaved }).click();
  await expect(alicePage).toHaveURL(/\/settings$/);
  await expect(aliceKeys.banner).toBeHidden();

  const note = 'Remember the lake?';
  await new DesirePage(bobPage).sendDesire({ intensity: 6, urgency: 2, note });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();

  const fresh = await openBrowser({ mobile: true });
  await openSignedIn(fresh, alice);
  const freshKeys = new KeysPages(fresh);
  await freshKeys.openSetup();
  await freshKeys.restore('abandon '.repeat(23) + 'art');
  await expect(fresh.getByText(KEY_TEXTS.restoreNotCurrent)).toBeVisible();
  await fresh.getByLabel(KEY_TEXTS.restoreLabel).fill(phrase);
  await fresh.getByRole('button', { name: KEY_TEXTS.restoreSubmit }).click();
  await expect(fresh).toHaveURL(/\/$/);
  await fresh.goto('/notifications');
  await expect(new InboxPage(fresh).cardWithNote(note)).toContainText(KEY_TEXTS.e2eTag);
});

test('a new key on one side warns the partner before the next send', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const { alice, alicePage, bobPage } = await signedInCouple(openBrowser, backend);
  await new KeysPages(alicePage).expectEndToEndReady();
  const bobKeys = new KeysPages(bobPage);
  await bobKeys.expectEndToEndReady();
  await bobKeys.openSafetyNumber();
  await bobPage.getByRole('button', { name: KEY_TEXTS.safetyVerify }).click();
  await expect(bobKeys.verified).toBeVisible();
  await bobPage.goto('/');

  // Alice lost her devices: a fresh browser without the phrase replaces the key.
  const aliceNew = await openBrowser();
  await openSignedIn(aliceNew, alice);
  const aliceNewKeys = new KeysPages(aliceNew);
  await aliceNewKeys.openSetup();
  await aliceNewKeys.replaceKey();

  await expect(bobKeys.keyChangeWarning).toBeVisible();
  await expect(bobKeys.keyChangeWarning).toContainText('changed');
  const desire = new DesirePage(bobPage);
  await expect(desire.send).toBeDisabled();
  await desire.setScores(3, 3);
  await desire.note.fill('Is this really you?');
  await bobPage.getByRole('button', { name: KEY_TEXTS.sendAnyway }).click();
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();
  await expect(bobKeys.keyChangeWarning).toBeHidden();
  await bobKeys.openSafetyNumber();
  await expect(bobKeys.verified).toBeHidden();

  await aliceNew.goto('/notifications');
  await expect(new InboxPage(aliceNew).cardWithNote('Is this really you?')).toContainText(
    KEY_TEXTS.e2eTag,
  );
});
