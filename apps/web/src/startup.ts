import type { QueryClient } from '@tanstack/react-query';
import { addDebugProbe, installDebugTools } from './lib/debug.js';
import { getLiveState } from './lib/live.js';
import { getSession } from './lib/session.js';
import { isStandalone } from './features/install/install-store.js';
import { getHostState } from './features/miniapp/host.js';
import { startQueryPersistence } from './features/offline/persist.js';

/**
 * What main.tsx starts before the first render but outside the entry chunk (first-load budget,
 * docs/performance.md), loaded beside the catalog as one chunk: the saved query cache, restored
 * so routing never sees an empty cache first, and window.coupleDebug, listening for errors.
 */
export function startBeforeRender(queryClient: QueryClient): void {
  startQueryPersistence(queryClient);
  startDebugTools(queryClient);
}

/** window.coupleDebug and its probes (read-only, never tokens). */
function startDebugTools(queryClient: QueryClient): void {
  installDebugTools();
  addDebugProbe('session', () => {
    const session = getSession();
    return session
      ? { userId: session.user.id, email: session.user.email, expiresAt: session.expires_at }
      : null;
  });
  addDebugProbe('live', getLiveState);
  addDebugProbe('miniApp', () => getHostState().status);
  addDebugProbe('standalone', isStandalone);
  addDebugProbe('queries', () =>
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey.join('/')),
  );
}
