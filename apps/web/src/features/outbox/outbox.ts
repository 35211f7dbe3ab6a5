import { api, type OutgoingDesire } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { getSession } from '../../lib/session.js';
import { flushItems, type FlushResult } from './flush.js';
import { newOutboxItem } from './retry.js';
import { OUTBOX_SYNC_TAG, listOutbox, putOutboxItem } from './store.js';

type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register: (tag: string) => Promise<void> };
};

/** Background Sync (Chromium): the service worker is woken when the connection returns. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration('/')) as
    SyncRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG);
}

/** Keeps an already sealed desire (never the plain note) until it can be sent. */
export async function enqueueDesire(userId: string, desire: OutgoingDesire): Promise<void> {
  const token = getSession()?.access_token ?? null;
  await putOutboxItem(newOutboxItem(userId, desire, token, Date.now()));
  void requestBackgroundSync().catch((error: unknown) => logClientError('outbox_sync', error));
}

export async function hasWaiting(userId: string): Promise<boolean> {
  return (await listOutbox(userId)).some((item) => item.failure === null);
}

let running: Promise<FlushResult> | null = null;

/**
 * One run at a time in this page; the token is refreshed by `request` on a 401. `reconnected`:
 * the connection has just come back, so every waiting desire is tried now.
 */
export function flushOutbox(userId: string, reconnected = false): Promise<FlushResult> {
  running ??= (async () => {
    try {
      const items = await listOutbox(userId);
      return await flushItems(
        items,
        async (item) => {
          await putOutboxItem({ ...item, accessToken: getSession()?.access_token ?? null });
          return api.sendMessage(item.desire);
        },
        undefined,
        undefined,
        reconnected,
      );
    } finally {
      running = null;
    }
  })();
  return running;
}
