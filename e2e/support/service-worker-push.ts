import { expect, type Page } from '@playwright/test';

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
 * DevTools protocol: the worker's real `push` handler runs) and waits for the browser to report
 * the push event's outcome, which must be a success. DevTools' delivery itself reports nothing:
 * a push the browser could not hand to the worker would otherwise only show as a notification
 * that never came. The page must have been opened with the service worker allowed and
 * notifications granted.
 */
export async function pushToServiceWorker(page: Page, payload: unknown): Promise<void> {
  // A real push service reaches a subscription, which exists only once the worker is active.
  await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active?.state === 'activating') {
      await new Promise((done) => active.addEventListener('statechange', done, { once: true }));
    }
  });
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  const outcome = new Promise<string>((resolve) => {
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
      if (backgroundServiceEvent.eventName !== 'Push event completed') return;
      const status = backgroundServiceEvent.eventMetadata.find((entry) => entry.key === 'Status');
      resolve(status?.value ?? 'no status');
    });
  });
  // Observing replays what was recorded before: an earlier push's outcome is cleared first.
  await cdp.send('BackgroundService.clearEvents', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', {
    service: 'pushMessaging',
    shouldRecord: true,
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  expect(await outcome, 'the push event, as the browser reports it').toBe('Success');
  await cdp.detach();
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
