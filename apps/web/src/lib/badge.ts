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

/** One count the badge adds up: the query under `key`, read by `count` (0 without data). */
export interface BadgeSource {
  key: QueryKey;
  count: (data: unknown) => number;
}

/** A query whose data is the count itself (the unread desires). */
export const countSource = (key: QueryKey): BadgeSource => ({
  key,
  count: (data) => (typeof data === 'number' ? data : 0),
});

/**
 * Keeps the icon's badge equal to the unread count the page knows, the sum of its sources
 * (unread desires and thoughts): whenever one of those queries gets new data (fetched, pushed
 * over the live channel, or zeroed by "mark all read"), and without it when a query goes
 * (sign-out clears the cache). Returns the unsubscribe.
 */
export function followUnreadBadge(
  queryClient: QueryClient,
  sources: readonly BadgeSource[],
  nav: AppBadgeNavigator = navigator,
): () => void {
  const hashes = new Set(sources.map((source) => hashKey(source.key)));
  let shown: number | null = null;
  const total = () =>
    sources.reduce((sum, source) => {
      const data = queryClient.getQueryData<unknown>(source.key);
      return data === undefined ? sum : sum + source.count(data);
    }, 0);
  const show = (count: number) => {
    if (count === shown) return;
    shown = count;
    void showAppBadge(count, nav);
  };
  if (sources.some((source) => queryClient.getQueryData<unknown>(source.key) !== undefined)) {
    show(total());
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (!hashes.has(event.query.queryHash)) return;
    if (event.type === 'removed' || event.type === 'updated') show(total());
  });
}
