import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/App.js';
import { api } from './lib/api.js';
import { logClientError, reportClientErrorsTo } from './lib/client-errors.js';
import { addDebugProbe, installDebugTools } from './lib/debug.js';
import { getLiveState } from './lib/live.js';
import { registerServiceWorker } from './lib/service-worker.js';
import { getSession } from './lib/session.js';
import { deviceLocale, startLocale } from './lib/i18n.js';
import { captureInstallPrompt, isStandalone } from './features/install/install-store.js';
import { detectMiniAppHost, getHostState } from './features/miniapp/host.js';
import { rememberPairingLink } from './features/pairing/pairing-link.js';
import { startQueryPersistence } from './features/offline/persist.js';
import './index.css';

// Best effort and never recursive: a report that fails is dropped, not logged again.
reportClientErrorsTo((entry) => {
  if (getSession()) void api.reportClientError(entry).catch(() => undefined);
});
// Before the routing rules send a signed-out person to the welcome screen and drop the query.
rememberPairingLink(window.location.pathname, window.location.search);
startQueryPersistence(queryClient);
captureInstallPrompt();
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
void detectMiniAppHost();

// A screen chunk of an older deployment is gone: load the current version instead.
window.addEventListener('vite:preloadError', () => window.location.reload());

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch((error: unknown) => logClientError('service_worker', error));
  });
}

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The screens render once the language's catalog is here: no flash of English first.
void startLocale(deviceLocale()).finally(render);
