import type { Page } from '@playwright/test';

/** A notification as the page's service worker registration lists it. */
export interface ShownNotification {
  title: string;
  body: string;
  lang: string;
  dir: string;
  url: unknown;
}

/**
 * Delivers a push message to the page's service worker as a push service would (Chromium's
 * DevTools protocol: the worker's real `push` handler runs), then lists the notifications shown.
 * The page must have been opened with the service worker allowed and notifications granted.
 */
export async function pushToServiceWorker(page: Page, payload: unknown): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
}

export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      lang: n.lang,
      dir: n.dir,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}
