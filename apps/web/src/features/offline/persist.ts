import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { getSession } from '../../lib/session.js';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.js';

/**
 * The last known profile, partner and first inbox pages, kept in localStorage so an offline
 * reload starts from them instead of onboarding (docs/decisions.md, "Offline reload").
 */
const CACHE_VERSION = 1;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_EVERY_MS = 1_000;

/** profile/detail, partner/status, messages/list and messages/sent. */
const PERSISTED = new Set(['profile/detail', 'partner/status', 'messages/list', 'messages/sent']);

export interface PersistedCache {
  version: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && PERSISTED.has(query.queryKey.join('/'));
}

function isPages(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  );
}

/** An inbox keeps its first page only (what the spec's list shows), never "Load older" pages. */
export function firstPageOnly(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data;
      if (!isPages(data)) return query;
      const trimmed = { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
      return { ...query, state: { ...query.state, data: trimmed } };
    }),
  };
}

/** The saved cache if it belongs to this user and is recent enough, else null. */
export function readPersisted(
  raw: string | null,
  userId: string,
  now: number,
): PersistedCache | null {
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as PersistedCache;
    if (saved.version !== CACHE_VERSION || saved.userId !== userId) return null;
    return now - saved.savedAt > MAX_AGE_MS ? null : saved;
  } catch {
    return null;
  }
}

function save(queryClient: QueryClient): void {
  const userId = getSession()?.user.id;
  const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist });
  if (!userId || state.queries.length === 0) {
    // Signed out (the cache was cleared): nothing of the previous user stays on the device.
    if (!userId) removeStorage(STORAGE_KEYS.queryCache);
    return;
  }
  const saved: PersistedCache = {
    version: CACHE_VERSION,
    userId,
    savedAt: Date.now(),
    state: firstPageOnly(state),
  };
  writeStorage(STORAGE_KEYS.queryCache, JSON.stringify(saved));
}

/**
 * Restores the saved cache before the first render (localStorage is synchronous, so routing
 * never sees an empty cache first), then saves it again at most once a second.
 */
export function startQueryPersistence(queryClient: QueryClient): () => void {
  const userId = getSession()?.user.id;
  const saved = userId
    ? readPersisted(readStorage(STORAGE_KEYS.queryCache), userId, Date.now())
    : null;
  if (saved) {
    hydrate(queryClient, saved.state);
    // What was saved is shown at once but is not fresh: each screen asks the server again.
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A reload within the write delay must not bring back an older state.
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    save(queryClient);
  };
  window.addEventListener('pagehide', flush);
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      save(queryClient);
    }, WRITE_EVERY_MS);
  });
  return () => {
    clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
}
