/** The Badging API where the platform has it (installed apps on Chromium, iOS 16.4+ Home Screen). */
export interface AppBadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Puts the unread count on the app icon, or clears it at zero; for the page (lib/badge.ts) and
 * the service worker alike. Best effort: a platform without the API, or one that refuses (no
 * notification permission), keeps the in-app badge only.
 */
export async function showAppBadge(count: number, nav: AppBadgeNavigator): Promise<void> {
  try {
    await (Number.isFinite(count) && count > 0
      ? nav.setAppBadge?.(Math.floor(count))
      : nav.clearAppBadge?.());
  } catch {
    // Refused or unsupported: the notification and the in-app badge still show.
  }
}
