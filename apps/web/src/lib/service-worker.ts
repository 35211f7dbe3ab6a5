/** The one service worker (push, offline cache, Background Sync), at the site's root. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}
