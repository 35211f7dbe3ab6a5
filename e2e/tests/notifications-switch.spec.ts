import type { Page } from '@playwright/test';
import { APP_TEXTS } from '@couple/protocol/browser';
import { SettingsPage } from '../pages/SettingsPage.js';
import { expect, test, toast, type BrowserOptions } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import type { Backend } from '../support/users.js';

/** The install card's iOS steps, shown by the switch too. */
const IOS_INSTALL_STEPS = [
  '1. Tap Share in the browser toolbar',
  '2. Choose Add to Home Screen',
  '3. Tap Add',
];

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Settings of a paired person on a phone that says it is Safari on an iPhone (390×844). */
async function iphoneSettings(
  {
    openBrowser,
    backend,
  }: { openBrowser: (options?: BrowserOptions) => Promise<Page>; backend: Backend },
  setUp: () => void,
) {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  await page.addInitScript((agent) => {
    Object.defineProperty(navigator, 'userAgent', { get: () => agent });
  }, IPHONE);
  await page.addInitScript(setUp);
  return { page, settings: await openSettings(page, alice) };
}

async function openSettings(page: Page, user: { email: string; password: string }) {
  await openSignedIn(page, user);
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

test('an iPhone in Safari is shown how to add the app to the Home Screen for notifications', async ({
  openBrowser,
  backend,
}) => {
  const { page, settings } = await iphoneSettings({ openBrowser, backend }, () => {
    // Safari on iOS outside the Home Screen app has no Web Push.
    Reflect.deleteProperty(window, 'PushManager');
  });
  await expect(page.getByText('Needs the app on your Home Screen')).toBeVisible();
  await expect(settings.pushHowTo).toContainText(
    'On iPhone and iPad, notifications work only in the app added to your Home Screen',
  );
  await expect(settings.pushHowTo.getByRole('listitem')).toHaveText(IOS_INSTALL_STEPS);
  await expect(settings.notificationsSwitch).toHaveAccessibleDescription(/Home Screen/);

  await settings.turnOnNotifications();
  await expect(toast(page, APP_TEXTS.pushProblemToast.unsupported)).toContainText(
    'add the app to your Home Screen first',
  );
  await expect(settings.notificationsSwitch).toHaveAttribute('aria-checked', 'false');
});

test('an iPhone opening the app from the Home Screen is asked for notifications on its tap', async ({
  openBrowser,
  backend,
}) => {
  const { page, settings } = await iphoneSettings({ openBrowser, backend }, () => {
    // The Home Screen app: iOS sets navigator.standalone (SPEC: standalone detection).
    Object.defineProperty(navigator, 'standalone', { get: () => true });
    Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    // Safari only asks inside the tap itself: window.event is the click only while its handler
    // runs, not in a continuation after an await.
    const record = window as unknown as { askedInTap?: boolean; event?: Event };
    Notification.requestPermission = () => {
      record.askedInTap = record.event?.type === 'click';
      return Promise.resolve('denied');
    };
  });
  await expect(page.getByText('Get notified when your partner shares a desire')).toBeVisible();
  await expect(settings.pushHowTo).toHaveCount(0);

  await settings.turnOnNotifications();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { askedInTap?: boolean }).askedInTap))
    .toBe(true);
  await expect(toast(page, APP_TEXTS.pushProblemToast.blocked)).toContainText(
    APP_TEXTS.pushHowTo.blocked.ios,
  );
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
