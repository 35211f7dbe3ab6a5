import type { WishTier } from '@couple/protocol/browser';

/* The engine's shapes, apart from the hooks so the engine's modules need not import them. */

export type WishAnswer = 'yes' | 'maybe' | 'no';

/** One wish as the screen shows it: a catalog wish (translated) or a custom one (opened). */
export interface WishEntry {
  /** `c:<slug>` for the catalog, `u:<uuid>` (customWishId) for a custom wish. */
  id: string;
  text: string;
  tier: WishTier | 'custom';
  proposedByMe: boolean;
  /** This device's answer; it leaves the device only sealed to the person's own key. */
  answer: WishAnswer | null;
}

/**
 * - `loading`: the keys, the partner or the couple's wishes are still being read;
 * - `no-partner`: nobody to match with;
 * - `needs-keys`: this device, or the partner, has no end-to-end key yet;
 * - `partner-key-unconfirmed`: the partner's current key is not trusted on this device, or a
 *   key-change warning is up, so no round runs (a server that swapped it could play the partner
 *   and learn every yes);
 * - `error`: the wishes could not be read.
 */
export type WishesStatus =
  'loading' | 'ready' | 'no-partner' | 'needs-keys' | 'partner-key-unconfirmed' | 'error';
