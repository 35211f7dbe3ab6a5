import type { Page, Route } from '@playwright/test';

/**
 * Holds every request matching `url` until `release()`, then lets them and later ones through
 * unchanged: a network that answers one part of a page late, on demand.
 */
export function holdRequests(page: Page, url: string): { release: () => void } {
  let released = false;
  const held: Route[] = [];
  void page.route(url, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release() {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}
