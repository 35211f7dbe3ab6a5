import { english } from '@couple/protocol';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { expect, test, toast } from '../support/fixtures.js';
import { signedInCouple } from '../support/flows.js';

test('a partner who replaces their key on a device that holds it gets a mild notice, not the warning', async ({
  openBrowser,
  backend,
}) => {
  const { bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);
  const aliceKeys = new KeysPages(alicePage);
  const bobKeys = new KeysPages(bobPage);
  await aliceKeys.expectEndToEndReady();
  await bobKeys.expectEndToEndReady();
  await new DesirePage(bobPage).sendDesire({
    intensity: 4,
    urgency: 2,
    note: 'Before the new key',
  });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();

  await bobKeys.rotateKey();

  await alicePage.goto('/');
  await expect(aliceKeys.keyRotatedNotice).toContainText(
    english(KEY_TEXTS.keyRotatedSigned, { name: bob.username }),
  );
  await expect(aliceKeys.keyChangeWarning).toBeHidden();
  await expect(new DesirePage(alicePage).send).toBeEnabled();

  await bobPage.goto('/');
  await new DesirePage(bobPage).sendDesire({ intensity: 6, urgency: 5, note: 'After the new key' });
  await expect(toast(bobPage, 'Your desire has been sent')).toBeVisible();
  await alicePage.goto('/notifications');
  const inbox = new InboxPage(alicePage);
  await expect(inbox.cardWithNote('After the new key')).toContainText(KEY_TEXTS.e2eTag);
  await expect(inbox.cardWithNote('Before the new key')).toContainText(KEY_TEXTS.e2eTag);

  await aliceKeys.keyRotatedNotice
    .getByRole('button', { name: KEY_TEXTS.keyRotatedDismiss })
    .click();
  await expect(aliceKeys.keyRotatedNotice).toBeHidden();
});
