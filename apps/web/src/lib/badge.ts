import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { BADGE_CAP_DESKTOP, BADGE_CAP_MOBILE } from '@couple/protocol/browser';
import { showAppBadge, type AppBadgeNavigator } from './app-badge.js';

/** The unread badge text: nothing at zero, capped at 9+ (mobile) or 99+ (desktop). */
export function badgeText(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}

export const mobileBadge = (count: number) => badgeText(count, BADGE_CAP_MOBILE);
export const desktopBadge = (count: number) => badgeText(count, BADGE_CAP_DESKTOP);

/**
 * Keeps the icon's badge equal to the unread count the page knows: whenever the query under `key`
 * gets a new count (fetched, pushed over the live channel, or zeroed by "mark all read"), and
 * cleared when the query goes (sign-out clears the cache). Returns the unsubscribe.
 */
export function followUnreadBadge(
  queryClient: QueryClient,
  key: QueryKey,
  nav: AppBadgeNavigator = navigator,
): () => void {
  const hash = hashKey(key);
  let shown: number | null = null;
  const show = (count: number) => {
    if (count === shown) return;
    shown = count;
    void showAppBadge(count, nav);
  };
  const current = queryClient.getQueryData<unknown>(key);
  if (typeof current === 'number') show(current);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hash) return;
    if (event.type === 'removed') show(0);
    else if (event.type === 'updated' && typeof event.query.state.data === 'number') {
      show(event.query.state.data);
    }
  });
}
