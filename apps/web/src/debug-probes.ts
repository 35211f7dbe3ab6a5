import type { QueryClient } from '@tanstack/react-query';
import { addDebugProbe, installDebugTools } from './lib/debug.js';
import { getLiveState } from './lib/live.js';
import { getSession } from './lib/session.js';
import { isStandalone } from './features/install/install-store.js';
import { getHostState } from './features/miniapp/host.js';

/**
 * window.coupleDebug and its probes (read-only, never tokens). Loaded by main.tsx beside the
 * catalog, before the first render, so it stays out of the first-load budget.
 */
export function startDebugTools(queryClient: QueryClient): void {
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
