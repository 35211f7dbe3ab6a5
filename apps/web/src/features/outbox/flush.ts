import { logClientError } from '../../lib/client-errors.js';
import { isStaleKeyError } from '../keys/stale-key.js';
import { afterFailure, isQueuedAnswer, pendingInOrder, type OutboxItem } from './retry.js';
import { deleteOutboxItem, hasOutboxItem, putOutboxItem } from './store.js';

export interface FlushResult {
  /** Desires sent in this run. */
  sent: number;
  /** Answers sent in this run. */
  answered: number;
  /** When the first item still waiting may be tried again, if any. */
  retryAt: number | null;
}

export type PostItem = (item: OutboxItem) => Promise<unknown>;

/** An item sealed again for the keys read afresh, or null where that cannot be done. */
export type Reseal = (item: OutboxItem) => Promise<OutboxItem | null>;

export interface OutboxStore {
  has: (id: string) => Promise<boolean>;
  put: (item: OutboxItem) => Promise<void>;
  /** Removes the item unless it was replaced meanwhile (a newer answer to the same desire). */
  remove: (item: OutboxItem) => Promise<void>;
}

const idbStore: OutboxStore = {
  has: hasOutboxItem,
  put: putOutboxItem,
  remove: (item) => deleteOutboxItem(item.id, item.queuedAt),
};

/**
 * Sends the waiting desires oldest first with their own ids, so a retry the server already
 * stored is answered 200 and stored once. The first one that cannot go yet stops the run: a
 * later desire never overtakes an earlier one. When the connection has just come back
 * (`reconnected`), a backoff earned while it was down no longer applies.
 */
export async function flushItems(
  items: readonly OutboxItem[],
  post: PostItem,
  store: OutboxStore = idbStore,
  now: () => number = Date.now,
  reconnected = false,
): Promise<FlushResult> {
  let sent = 0;
  let answered = 0;
  const stop = (retryAt: number | null): FlushResult => ({ sent, answered, retryAt });
  for (const item of pendingInOrder(items)) {
    if (!reconnected && item.nextAttemptAt > now()) return stop(item.nextAttemptAt);
    if (!(await store.has(item.id))) continue;
    try {
      await post(item);
      await store.remove(item);
      if (isQueuedAnswer(item)) answered += 1;
      else sent += 1;
    } catch (error) {
      const next = afterFailure(item, error, now());
      await store.put(next);
      if (next.failure === null) return stop(next.nextAttemptAt);
    }
  }
  return stop(null);
}

/**
 * `post`, but an item refused for out-of-date keys is sealed again, kept so, and sent once
 * more; where it cannot be sealed again the refusal stands.
 */
export function resealingOnStaleKeys(
  post: PostItem,
  reseal: Reseal,
  keep: (item: OutboxItem) => Promise<void>,
): PostItem {
  return async (item) => {
    try {
      return await post(item);
    } catch (error) {
      if (!isStaleKeyError(error)) throw error;
      const again = await reseal(item).catch((resealError: unknown) => {
        logClientError('outbox_reseal', resealError);
        return null;
      });
      if (!again) throw error;
      await keep(again);
      return post(again);
    }
  };
}
