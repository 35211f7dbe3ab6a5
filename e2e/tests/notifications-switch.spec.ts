import type { Page } from '@playwright/test';
import { APP_TEXTS } from '@couple/protocol/browser';
import { SettingsPage } from '../pages/SettingsPage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { signIn } from '../support/flows.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function openSettings(page: Page, user: { email: string; password: string }) {
  await signIn(page, user);
  await page.goto('/settings');
  const settings = new SettingsPage(page);
  await settings.expectOpen();
  return settings;
}

test('a person whose browser blocks notifications is told how to allow them', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser();
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  const settings = await openSettings(page, alice);
  await expect(settings.pushHowTo).toHaveText(APP_TEXTS.pushHowTo.blocked.chromium);

  await settings.turnOnNotifications();
  await expect(toast(page, APP_TEXTS.pushProblemToast.blocked)).toContainText(
    APP_TEXTS.pushHowTo.blocked.chromium,
  );
  await expect(settings.notificationsSwitch).toHaveAttribute('aria-checked', 'false');
});

test('an iPhone in the browser is told to add the app to the Home Screen first', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  await page.addInitScript((agent) => {
    Object.defineProperty(navigator, 'userAgent', { get: () => agent });
    // Safari on iOS outside the Home Screen app has no Web Push.
    Reflect.deleteProperty(window, 'PushManager');
  }, IPHONE);
  const settings = await openSettings(page, alice);
  await expect(page.getByText('Not supported in this browser')).toBeVisible();

  await settings.turnOnNotifications();
  await expect(toast(page, APP_TEXTS.pushProblemToast.unsupported)).toContainText(
    'add the app to your Home Screen first',
  );
  await expect(settings.pushHowTo).toHaveText(APP_TEXTS.pushHowTo.unsupported.ios);
});

test('a subscription the server cannot take is reported, not silently dropped', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ notifications: true });
  await page.route('**/api/push/public-key', (route) =>
    route.fulfill({ status: 503, json: { error: 'Service temporarily unavailable' } }),
  );
  const settings = await openSettings(page, alice);

  await settings.turnOnNotifications();
  // However it fails (the server, or a push service that never answers), it says so.
  await expect(toast(page, APP_TEXTS.pushProblemToast.failed)).toBeVisible({ timeout: 20_000 });
  await expect(settings.pushHowTo).toHaveText(APP_TEXTS.pushHowTo.failed.chromium);
  await expect(settings.notificationsSwitch).toHaveAttribute('aria-checked', 'false');
});
