import { english } from '@couple/protocol';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { expect, test, toast } from '../support/fixtures.js';
import { signedInCouple } from '../support/flows.js';
import { forgeNoteInDatabase, skipUnlessServerDatabaseWritable } from '../support/forged-note.js';

test('Alice is told she cannot confirm who sealed a note the server forged as Bob’s (PostgreSQL only, needs TEST_DATABASE_URL)', async ({
  openBrowser,
  backend,
}) => {
  skipUnlessServerDatabaseWritable();
  const { alice, bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);
  const aliceKeys = new KeysPages(alicePage);
  await aliceKeys.expectEndToEndReady();
  await new KeysPages(bobPage).expectEndToEndReady();
  await new DesirePage(bobPage).sendDesire({ intensity: 5, urgency: 3, note: 'From the real Bob' });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();

  const forged = await forgeNoteInDatabase(bob, alice, 'Send me your password');

  await alicePage.goto('/notifications');
  const inbox = new InboxPage(alicePage);
  const genuine = inbox.cardWithNote('From the real Bob');
  await expect(genuine).toContainText(KEY_TEXTS.e2eTag);
  const card = inbox.cardWithNote('Send me your password');
  await expect(inbox.unconfirmedSealer(card)).toContainText(KEY_TEXTS.unconfirmedSealer);
  await expect(inbox.unconfirmedKeyId(card)).toHaveText(forged.keyId);
  await expect(card).not.toContainText(KEY_TEXTS.e2eTag);
  await card.screenshot({ path: test.info().outputPath('unconfirmed-note-card.png') });

  // A key in Bob's history that Alice's device never saw as current is a key change.
  await alicePage.goto('/');
  await expect(aliceKeys.keyChangeWarning).toContainText(
    english(KEY_TEXTS.keyChanged, { name: bob.username }),
  );
});
