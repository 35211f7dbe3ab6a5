import type { ApiBody } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { getSession } from '../../lib/session.js';
import { flushItems, resealingOnStaleKeys, type FlushResult, type Reseal } from './flush.js';
import {
  answerItemId,
  isQueuedAnswer,
  newAnswerItem,
  newOutboxItem,
  type OutboxItem,
} from './retry.js';
import { OUTBOX_SYNC_TAG, listOutbox, putOutboxItem, saveOutboxToken } from './store.js';

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

async function enqueue(item: OutboxItem): Promise<void> {
  await putOutboxItem(item);
  void requestBackgroundSync().catch((error: unknown) => logClientError('outbox_sync', error));
}

const currentToken = () => getSession()?.access_token ?? null;

/**
 * What waits, or nothing where this browser refuses the storage (a mini-app host's frame with
 * third-party storage blocked): sending then simply goes straight to the server.
 */
async function waitingItems(userId: string): Promise<OutboxItem[]> {
  try {
    return await listOutbox(userId);
  } catch (error) {
    logClientError('outbox_read', error);
    return [];
  }
}

/**
 * Keeps an item the server could not take now; where storage is refused it cannot be kept, so
 * the send fails with the error it met instead of claiming to be queued.
 */
export async function queueOrThrow(keep: () => Promise<void>, sendError: unknown): Promise<void> {
  try {
    await keep();
  } catch (storeError) {
    logClientError('outbox_store', storeError);
    throw sendError;
  }
}

/** Keeps an already sealed desire (never the plain note) until it can be sent. */
export function enqueueDesire(userId: string, desire: ApiBody<'sendDesire'>): Promise<void> {
  return enqueue(newOutboxItem(userId, desire, currentToken(), Date.now()));
}

/**
 * The answer to send in place of the one still waiting for the same desire: a new choice that
 * leaves the note as it is keeps the note the waiting one was to set.
 */
export async function withWaitingNote(
  userId: string,
  messageId: string,
  answer: ApiBody<'answerDesire'>,
): Promise<ApiBody<'answerDesire'>> {
  if (answer.note !== undefined) return answer;
  const id = answerItemId(messageId);
  const older = (await waitingItems(userId)).filter(isQueuedAnswer).find((item) => item.id === id);
  return older?.answer.note === undefined ? answer : { ...answer, note: older.answer.note };
}

/** Keeps an answer (its note already sealed) until it can be sent; it replaces an older one. */
export function enqueueAnswer(
  userId: string,
  desire: { id: string; senderId: string },
  answer: ApiBody<'answerDesire'>,
): Promise<void> {
  return enqueue(newAnswerItem(userId, desire, answer, currentToken(), Date.now()));
}

/** Whether desires still wait: a new one joins them so it never overtakes them. */
export async function hasWaiting(userId: string): Promise<boolean> {
  return (await waitingItems(userId)).some(
    (item) => !isQueuedAnswer(item) && item.failure === null,
  );
}

/** The request that sends an item from the page. */
function postItem(item: OutboxItem): Promise<unknown> {
  return isQueuedAnswer(item)
    ? call('answerDesire', { params: { id: item.messageId }, body: item.answer })
    : call('sendDesire', { body: item.desire });
}

let running: Promise<FlushResult> | null = null;

/**
 * One run at a time in this page; the token is refreshed by `request` on a 401. `reconnected`:
 * the connection has just come back, so every waiting desire is tried now.
 */
export function flushOutbox(
  userId: string,
  reseal: Reseal,
  reconnected = false,
): Promise<FlushResult> {
  running ??= (async () => {
    try {
      const items = await listOutbox(userId);
      return await flushItems(
        items,
        resealingOnStaleKeys(
          async (item) => {
            await saveOutboxToken(item, currentToken());
            return postItem(item);
          },
          reseal,
          putOutboxItem,
        ),
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
