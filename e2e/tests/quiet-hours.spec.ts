import { QUIET_TEXTS } from '@couple/protocol/browser';
import { SettingsPage } from '../pages/SettingsPage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { signedInCouple, utcTime } from '../support/flows.js';

test('the sender sees that the partner is in quiet hours before sending', async ({
  openBrowser,
  backend,
}) => {
  const { bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);

  await bobPage.goto('/settings');
  const settings = new SettingsPage(bobPage);
  await settings.setQuietHours(utcTime(-60), utcTime(60));

  await alicePage.reload();
  const notice = alicePage.getByTestId('partner-quiet');
  await expect(notice).toContainText(`${bob.username} is in quiet hours until`);

  await bobPage.reload();
  await expect(settings.quietHours).toBeChecked();
  await settings.quietHours.uncheck();
  await expect(toast(bobPage, QUIET_TEXTS.off)).toBeVisible();
  await alicePage.reload();
  await expect(alicePage.getByRole('heading', { name: 'Share Your Desire' })).toBeVisible();
  await expect(notice).toBeHidden();
});
