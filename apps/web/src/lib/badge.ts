import { BADGE_CAP_DESKTOP, BADGE_CAP_MOBILE } from '@couple/protocol/browser';

/** The unread badge text: nothing at zero, capped at 9+ (mobile) or 99+ (desktop). */
export function badgeText(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}

export const mobileBadge = (count: number) => badgeText(count, BADGE_CAP_MOBILE);
export const desktopBadge = (count: number) => badgeText(count, BADGE_CAP_DESKTOP);
