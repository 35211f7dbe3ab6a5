import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './retry.js';

/**
 * The outbox in IndexedDB: shared by the app and the service worker (no DOM, no React). The
 * store is still named `desires` (devices already hold it); it keeps answers too.
 */
interface OutboxDb extends DBSchema {
  desires: { key: string; value: OutboxItem };
}

const DB_NAME = 'couple-desires-outbox';
export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_CHANGED_MESSAGE = 'outbox-changed';

/** What the service worker tells open pages after a Background Sync: they confirm the sends. */
export interface OutboxChangedMessage {
  type: typeof OUTBOX_CHANGED_MESSAGE;
  sent: number;
  answered: number;
}

export function isOutboxChangedMessage(data: unknown): data is OutboxChangedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === OUTBOX_CHANGED_MESSAGE
  );
}

let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
const listeners = new Set<() => void>();

function open(): Promise<IDBPDatabase<OutboxDb>> {
  db ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('desires', { keyPath: 'id' });
    },
  });
  return db;
}

/** Tells this page's views that the outbox changed (the service worker posts a message). */
export function notifyOutboxChanged(): void {
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listOutbox(userId: string): Promise<OutboxItem[]> {
  const all = await (await open()).getAll('desires');
  return all.filter((item) => item.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function listAllOutbox(): Promise<OutboxItem[]> {
  return (await open()).getAll('desires');
}

export async function putOutboxItem(item: OutboxItem): Promise<void> {
  await (await open()).put('desires', item);
  notifyOutboxChanged();
}

/** Deletes an item; with `queuedAt`, only if it is still that version (not replaced since). */
export async function deleteOutboxItem(id: string, queuedAt?: number): Promise<void> {
  const transaction = (await open()).transaction('desires', 'readwrite');
  const stored = await transaction.store.get(id);
  if (stored && (queuedAt === undefined || stored.queuedAt === queuedAt)) {
    await transaction.store.delete(id);
  }
  await transaction.done;
  notifyOutboxChanged();
}

/** Saves the bearer token of this attempt, unless the item was replaced or sent meanwhile. */
export async function saveOutboxToken(item: OutboxItem, accessToken: string | null): Promise<void> {
  const transaction = (await open()).transaction('desires', 'readwrite');
  const stored = await transaction.store.get(item.id);
  if (stored?.queuedAt === item.queuedAt) await transaction.store.put({ ...stored, accessToken });
  await transaction.done;
}

/** Still queued (not sent by someone else meanwhile, e.g. the service worker). */
export async function hasOutboxItem(id: string): Promise<boolean> {
  return (await (await open()).getKey('desires', id)) !== undefined;
}

/** Forgets a user's queued desires: on sign-out, since their stored tokens end with it. */
export async function clearOutboxOf(userId: string): Promise<void> {
  const database = await open();
  const transaction = database.transaction('desires', 'readwrite');
  for (const item of await transaction.store.getAll()) {
    if (item.userId === userId) await transaction.store.delete(item.id);
  }
  await transaction.done;
  notifyOutboxChanged();
}
