/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOTIFICATION_APPEARANCE } from '@couple/protocol/browser';
import type { DeclarativeNotification } from '@couple/protocol';
import { NOTIFICATION_TAG } from './lib/constants.js';
import { showAppBadge } from './lib/app-badge.js';
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

/**
 * The server's payload (PushPayload in @couple/protocol): the SPEC fields, and beside them the
 * declarative form. The push webhook's payloads carry only the SPEC fields.
 */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  data?: Record<string, unknown>;
  /** Declarative Web Push (Safari 18.4+): the form a device shows without this worker. */
  notification?: Partial<DeclarativeNotification>;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    return { body: event.data?.text() };
  }
}

/** The unread count the server sent, on the app's icon; a missing or odd count changes nothing. */
function setBadge(count: string | undefined): Promise<void> {
  const unread = Number(count);
  if (count === undefined || !Number.isInteger(unread) || unread < 0) return Promise.resolve();
  return showAppBadge(unread, self.navigator);
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const declared = payload.notification ?? {};
  // Quiet hours: the server marks the push silent; it shows without sound or vibration.
  const silent =
    (payload.data as { silent?: unknown } | undefined)?.silent === true || declared.silent === true;
  // The texts are the server's, already in the recipient's language (this worker has no
  // catalog); the declarative form's are the fallback, with its language and direction.
  const options: NotificationOptions & { renotify: boolean; vibrate: number[] } = {
    body: payload.body ?? declared.body ?? '',
    ...(declared.lang && { lang: declared.lang }),
    ...(declared.dir && { dir: declared.dir }),
    icon: NOTIFICATION_APPEARANCE.icon,
    badge: NOTIFICATION_APPEARANCE.badge,
    silent,
    vibrate: silent ? [] : [...NOTIFICATION_APPEARANCE.vibrate],
    renotify: NOTIFICATION_APPEARANCE.renotify,
    // A "thinking of you" has its own tag: it never replaces a desire's notification unseen.
    tag: payload.data?.type === 'thought' ? `${NOTIFICATION_TAG}-thought` : NOTIFICATION_TAG,
    data: { ...payload.data, url: payload.url ?? declared.navigate ?? DEFAULT_URL },
  };
  // The app's name alone (a brand, the same in every language) when the payload names no title.
  const title = payload.title ?? declared.title ?? 'Couple Desires';
  event.waitUntil(
    Promise.all([self.registration.showNotification(title, options), setBadge(declared.app_badge)]),
  );
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
