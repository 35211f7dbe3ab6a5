import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/App.js';
import { preloadFirstScreen } from './app/router.js';
import { call, debugLogBody } from './lib/api.js';
import { logClientError, reportClientErrorsTo } from './lib/client-errors.js';
import { registerServiceWorker } from './lib/service-worker.js';
import { getSession, subscribeSession } from './lib/session.js';
import { deviceLocale, startLocale } from './lib/i18n.js';
import { captureInstallPrompt } from './features/install/install-capture.js';
import { detectMiniAppHost } from './features/miniapp/host.js';
import { rememberPairingLink } from './features/pairing/pairing-link.js';
import './index.css';
import type { ThoughtList } from './features/thoughts/queries.js';

// Best effort and never recursive: a report that fails is dropped, not logged again.
reportClientErrorsTo((entry) => {
  if (getSession())
    void call('logClientError', { body: debugLogBody(entry) }).catch(() => undefined);
});
// Before the routing rules send a signed-out person to the welcome screen and drop the query.
rememberPairingLink(window.location.pathname, window.location.search);
captureInstallPrompt();
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

/*
 * What must be in place before the first render loads in parallel, outside the entry chunk
 * (first-load budget, docs/performance.md): the language's catalog and Lingui, no flash of
 * English first (if they cannot load, the English ids are the texts); the saved query cache and
 * the debug tools (startup.ts).
 */
preloadFirstScreen(window.location.pathname, getSession() !== null);
const started = [
  startLocale(deviceLocale()),
  import('./startup.js')
    .then(({ startBeforeRender }) => startBeforeRender(queryClient))
    .catch((error: unknown) => logClientError('startup', error)),
];
void Promise.all(started).finally(render);

// The unread count on the app icon follows the count the page knows (the service worker sets it
// on a push while no page is open). Only a signed-in person has one: loaded on the first session,
// so the welcome screen never fetches it.
let badgeFollowed = false;
function followBadgeOnceSignedIn(): void {
  if (badgeFollowed || !getSession()) return;
  badgeFollowed = true;
  void Promise.all([
    import('./lib/badge.js'),
    import('./features/inbox/queries.js'),
    import('./features/thoughts/queries.js'),
  ])
    .then(([{ countSource, followUnreadBadge }, { inboxKeys }, { thoughtKeys, unreadThoughts }]) =>
      // Unread desires and unread thoughts ("thinking of you"), as the pushes' app_badge counts.
      followUnreadBadge(queryClient, [
        countSource(inboxKeys.unreadCount()),
        {
          key: thoughtKeys.list(),
          count: (data) => unreadThoughts(data as ThoughtList, getSession()?.user.id),
        },
      ]),
    )
    .catch((error: unknown) => logClientError('app_badge', error));
}
followBadgeOnceSignedIn();
subscribeSession(followBadgeOnceSignedIn);
