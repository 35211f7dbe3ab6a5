import { afterFailure, pendingInOrder, type OutboxItem } from './retry.js';
import { deleteOutboxItem, hasOutboxItem, putOutboxItem } from './store.js';

export interface FlushResult {
  sent: number;
  /** When the first item still waiting may be tried again, if any. */
  retryAt: number | null;
}

export type PostDesire = (item: OutboxItem) => Promise<unknown>;

export interface OutboxStore {
  has: (id: string) => Promise<boolean>;
  put: (item: OutboxItem) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

const idbStore: OutboxStore = {
  has: hasOutboxItem,
  put: putOutboxItem,
  remove: deleteOutboxItem,
};

/**
 * Sends the waiting desires oldest first with their own ids, so a retry the server already
 * stored is answered 200 and stored once. The first one that cannot go yet stops the run: a
 * later desire never overtakes an earlier one. When the connection has just come back
 * (`reconnected`), a backoff earned while it was down no longer applies.
 */
export async function flushItems(
  items: readonly OutboxItem[],
  post: PostDesire,
  store: OutboxStore = idbStore,
  now: () => number = Date.now,
  reconnected = false,
): Promise<FlushResult> {
  let sent = 0;
  for (const item of pendingInOrder(items)) {
    if (!reconnected && item.nextAttemptAt > now()) return { sent, retryAt: item.nextAttemptAt };
    if (!(await store.has(item.id))) continue;
    try {
      await post(item);
      await store.remove(item.id);
      sent += 1;
    } catch (error) {
      const next = afterFailure(item, error, now());
      await store.put(next);
      if (next.failure === null) return { sent, retryAt: next.nextAttemptAt };
    }
  }
  return { sent, retryAt: null };
}
