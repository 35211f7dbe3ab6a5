/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOTIFICATION_APPEARANCE } from '@couple/protocol/browser';
import { NOTIFICATION_TAG } from './lib/constants.js';
import {
  OUTBOX_CHANGED_MESSAGE,
  OUTBOX_SYNC_TAG,
  type OutboxChangedMessage,
} from './features/outbox/store.js';
import { flushFromWorker } from './features/outbox/worker-sync.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const DEFAULT_URL = '/';

// The app shell: hashed assets, index.html, icons and the manifest.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes open from the cached shell; the API and live channel always hit the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/socket\.io\//, /^\/\.well-known\//],
  }),
);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * Background Sync (Chromium): send the outbox, then let open windows show what is left and
 * confirm what went (the page's own flush then finds nothing to send).
 */
async function syncOutbox(): Promise<void> {
  const message: OutboxChangedMessage = { type: OUTBOX_CHANGED_MESSAGE, sent: 0, answered: 0 };
  try {
    const { sent, answered, waiting } = await flushFromWorker();
    Object.assign(message, { sent, answered });
    if (waiting) throw new Error('outbox: desires still waiting');
  } finally {
    const windows = await self.clients.matchAll({ type: 'window' });
    for (const client of windows) client.postMessage(message);
  }
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox());
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  data?: Record<string, unknown>;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    return { body: event.data?.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  // Quiet hours: the server marks the push silent; it shows without sound or vibration.
  const silent = (payload.data as { silent?: unknown } | undefined)?.silent === true;
  const options: NotificationOptions & { renotify: boolean; vibrate: number[] } = {
    body: payload.body ?? '',
    icon: NOTIFICATION_APPEARANCE.icon,
    badge: NOTIFICATION_APPEARANCE.badge,
    silent,
    vibrate: silent ? [] : [...NOTIFICATION_APPEARANCE.vibrate],
    renotify: NOTIFICATION_APPEARANCE.renotify,
    tag: NOTIFICATION_TAG,
    data: { ...payload.data, url: payload.url ?? DEFAULT_URL },
  };
  event.waitUntil(self.registration.showNotification(payload.title ?? 'Couple Desires', options));
});

async function focusOrOpen(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (existing) {
    const focused = await existing.focus();
    await focused.navigate(target).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : DEFAULT_URL;
  event.waitUntil(focusOrOpen(url));
});
