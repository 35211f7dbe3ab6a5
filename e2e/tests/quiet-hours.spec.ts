import { QUIET_TEXTS } from '@couple/protocol/browser';
import { expect, test, toast } from '../support/fixtures.js';
import { signedInCouple } from '../support/flows.js';

/** HH:MM in UTC (the test browsers run in UTC), some minutes from now. */
function utcTime(offsetMinutes: number): string {
  return new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
}

test('the sender sees that the partner is in quiet hours before sending', async ({
  openBrowser,
  backend,
}) => {
  const { bob, alicePage, bobPage } = await signedInCouple(openBrowser, backend, [
    { mobile: true },
    undefined,
  ]);

  await bobPage.goto('/settings');
  const quiet = bobPage.getByRole('switch', { name: QUIET_TEXTS.enable });
  await quiet.check();
  await bobPage.getByLabel(QUIET_TEXTS.from).fill(utcTime(-60));
  await bobPage.getByLabel(QUIET_TEXTS.to).fill(utcTime(60));
  await bobPage.getByRole('button', { name: QUIET_TEXTS.save }).click();
  await expect(toast(bobPage, QUIET_TEXTS.saved)).toBeVisible();

  await alicePage.reload();
  const notice = alicePage.getByTestId('partner-quiet');
  await expect(notice).toContainText(`${bob.username} is in quiet hours until`);

  await bobPage.reload();
  await expect(quiet).toBeChecked();
  await quiet.uncheck();
  await expect(toast(bobPage, QUIET_TEXTS.off)).toBeVisible();
  await alicePage.reload();
  await expect(alicePage.getByRole('heading', { name: 'Share Your Desire' })).toBeVisible();
  await expect(notice).toBeHidden();
});
