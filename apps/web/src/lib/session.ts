import type { Session } from '@couple/protocol';
import { fetchRoute } from './api-core.js';
import { apiErrorText } from './api-errors.js';
import { SESSION_REFRESH_TICK_MS, STORAGE_KEYS } from './constants.js';
import { logClientError } from './client-errors.js';
import { needsRefresh } from './session-timing.js';
import { readStorage, removeStorage, writeStorage } from './storage.js';

/** The one session store: localStorage under one key, shared by tabs, refreshed before expiry. */
type Listener = () => void;
const listeners = new Set<Listener>();

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<Session>;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    typeof s.user?.id === 'string'
  );
}

function load(): Session | null {
  const raw = readStorage(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: Session | null = load();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(session: Session): void {
  current = session;
  writeStorage(STORAGE_KEYS.session, JSON.stringify(session));
  emit();
}

export function clearSession(): void {
  current = null;
  removeStorage(STORAGE_KEYS.session);
  emit();
}

// Another tab signed in, out, or refreshed: adopt its session rather than use a rotated token.
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
  current = load();
  emit();
});

/** Refresh tokens rotate and work once: tabs take turns through a Web Lock where there is one. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return fn();
  let result: T | undefined;
  await locks.request('couple-desires.refresh', async () => {
    result = await fn();
  });
  return result as T;
}

async function runRefresh(): Promise<Session | null> {
  const stale = current;
  if (!stale) return null;
  return withRefreshLock(async () => {
    const stored = load();
    if (!stored) {
      clearSession();
      return null;
    }
    if (stored.refresh_token !== stale.refresh_token) {
      current = stored;
      emit();
      return stored;
    }
    const response = await fetchRoute(
      'refreshSession',
      { body: { refresh_token: stored.refresh_token } },
      null,
    );
    const text = await response.text();
    if (response.ok) {
      const session: unknown = JSON.parse(text);
      if (!isSession(session)) throw new Error(apiErrorText(response.status, text));
      setSession(session);
      return session;
    }
    // The server refused the token: the session is over. A 5xx or network failure keeps it.
    if (response.status < 500) {
      clearSession();
      return null;
    }
    throw new Error(apiErrorText(response.status, text));
  });
}

let inflight: Promise<Session | null> | null = null;

/** One refresh at a time, shared by every caller; resolves null when the session ended. */
export function refreshSession(): Promise<Session | null> {
  inflight ??= runRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Refreshes when the access token is about to expire (or has), quietly logging failures. */
export async function ensureFreshSession(): Promise<Session | null> {
  const session = current;
  if (!session || !needsRefresh(session, Date.now())) return session;
  try {
    return await refreshSession();
  } catch (error) {
    logClientError('session_refresh', error);
    return current;
  }
}

/** The auth client's refresh tick (SPEC §9), plus a check when the page becomes visible again. */
export function startSessionRefresh(): () => void {
  const tick = () => void ensureFreshSession();
  const timer = setInterval(tick, SESSION_REFRESH_TICK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
