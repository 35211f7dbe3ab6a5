import { useCallback, useSyncExternalStore } from 'react';
import {
  WISH_TIERS,
  WISH_TIERS_HIDDEN_BY_DEFAULT,
  isSnapshotTime,
  type WishTier,
} from '@couple/protocol/browser';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { useSession } from '../../lib/use-session.js';

/**
 * A person's wish settings (issue 29): which tiers are hidden and whether a maybe counts as a yes
 * when matching. Like the answers, they leave the device only sealed to the person's own key, for
 * their other devices (backup-sync.ts): the server would otherwise learn which tiers someone
 * wants to see.
 */
export interface WishPreferences {
  hiddenTiers: readonly WishTier[];
  maybeCountsAsYes: boolean;
  /** When they last changed, on any device of the person (0: never). */
  changedAt: number;
}

export const DEFAULT_WISH_PREFERENCES: WishPreferences = {
  hiddenTiers: WISH_TIERS_HIDDEN_BY_DEFAULT,
  maybeCountsAsYes: false,
  changedAt: 0,
};

export function wishPreferencesKey(userId: string): string {
  return `couple-desires.wishes.${userId}`;
}

/** Reads what was stored, keeping only known tiers in the app's order; anything odd is a default. */
export function parseWishPreferences(raw: string | null): WishPreferences {
  if (!raw) return DEFAULT_WISH_PREFERENCES;
  try {
    const parsed = JSON.parse(raw) as {
      hiddenTiers?: unknown;
      maybeCountsAsYes?: unknown;
      changedAt?: unknown;
    };
    const hidden = Array.isArray(parsed.hiddenTiers)
      ? parsed.hiddenTiers.filter((tier): tier is string => typeof tier === 'string')
      : DEFAULT_WISH_PREFERENCES.hiddenTiers;
    return {
      hiddenTiers: WISH_TIERS.map((tier) => tier.id).filter((tier) => hidden.includes(tier)),
      maybeCountsAsYes: parsed.maybeCountsAsYes === true,
      changedAt: isSnapshotTime(parsed.changedAt) ? parsed.changedAt : 0,
    };
  } catch {
    return DEFAULT_WISH_PREFERENCES;
  }
}

const listeners = new Set<() => void>();
/** The last snapshot per raw value: useSyncExternalStore needs a stable object between changes. */
const snapshots = new Map<string, { raw: string | null; value: WishPreferences }>();

export function readWishPreferences(userId: string): WishPreferences {
  const raw = readStorage(wishPreferencesKey(userId));
  const cached = snapshots.get(userId);
  if (cached && cached.raw === raw) return cached.value;
  const value = parseWishPreferences(raw);
  snapshots.set(userId, { raw, value });
  return value;
}

export function writeWishPreferences(userId: string, next: WishPreferences): void {
  writeStorage(wishPreferencesKey(userId), JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

/** Another tab changed them: this tab's views and rounds follow. */
function onStorage(event: StorageEvent): void {
  if (event.key?.startsWith('couple-desires.wishes.')) listeners.forEach((listener) => listener());
}

export function subscribeWishPreferences(listener: () => void): () => void {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
  };
}

export interface WishPreferencesView extends WishPreferences {
  setTierHidden(tier: WishTier, hidden: boolean): void;
  setMaybeCountsAsYes(on: boolean): void;
}

/** The signed-in person's wish settings on this device; a change starts a new round if needed. */
export function useWishPreferences(): WishPreferencesView {
  const userId = useSession()?.user.id ?? '';
  const preferences = useSyncExternalStore(
    subscribeWishPreferences,
    () => (userId ? readWishPreferences(userId) : DEFAULT_WISH_PREFERENCES),
    () => DEFAULT_WISH_PREFERENCES,
  );
  const setTierHidden = useCallback(
    (tier: WishTier, hidden: boolean) => {
      if (!userId) return;
      const current = readWishPreferences(userId);
      const others = current.hiddenTiers.filter((held) => held !== tier);
      writeWishPreferences(userId, {
        ...current,
        hiddenTiers: hidden ? [...others, tier] : others,
        changedAt: Date.now(),
      });
    },
    [userId],
  );
  const setMaybeCountsAsYes = useCallback(
    (on: boolean) => {
      if (!userId) return;
      writeWishPreferences(userId, {
        ...readWishPreferences(userId),
        maybeCountsAsYes: on,
        changedAt: Date.now(),
      });
    },
    [userId],
  );
  return { ...preferences, setTierHidden, setMaybeCountsAsYes };
}
