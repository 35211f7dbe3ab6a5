import type { WishTier } from '@couple/protocol/browser';

export type WishAnswer = 'yes' | 'maybe' | 'no';

/** One wish as the screen shows it: a catalog wish (translated) or a custom one (opened). */
export interface WishEntry {
  /** `c:<slug>` for the catalog, `u:<uuid>` (customWishId) for a custom wish. */
  id: string;
  text: string;
  tier: WishTier | 'custom';
  proposedByMe: boolean;
  /** This device's answer; answers never leave the device. */
  answer: WishAnswer | null;
}

/**
 * - `loading`: the keys, the partner or the couple's wishes are still being read;
 * - `no-partner`: nobody to match with;
 * - `needs-keys`: this device, or the partner, has no end-to-end key yet;
 * - `partner-key-unconfirmed`: the partner's current key is not trusted on this device, so no
 *   round runs (a server that swapped it could play the partner and learn every yes);
 * - `error`: the wishes could not be read.
 */
export type WishesStatus =
  'loading' | 'ready' | 'no-partner' | 'needs-keys' | 'partner-key-unconfirmed' | 'error';

export interface WishesView {
  status: WishesStatus;
  /** Catalog (translated) and custom (opened) wishes, hidden tiers left out. */
  entries: WishEntry[];
  /** The current mutual matches, from this person's stored match list. */
  matches: WishEntry[];
  /** A round this device started waits for the partner's device. */
  waitingForPartner: boolean;
  /**
   * This device holds answers. A new device (just linked) has none: it runs no round until the
   * person answers here, so it never replaces the matches with those of an empty list.
   */
  answersHere: boolean;
  /** null clears the answer. Saved at once; a round follows (debounced). */
  answer(id: string, answer: WishAnswer | null): void;
  /** Proposes a custom wish, sealed to both partners. */
  propose(text: string): Promise<void>;
  /** Withdraws one of this person's custom wishes. */
  withdraw(id: string): Promise<void>;
}

const NOTHING: WishesView = {
  status: 'loading',
  entries: [],
  matches: [],
  waitingForPartner: false,
  answersHere: false,
  answer: () => undefined,
  propose: () => Promise.resolve(),
  withdraw: () => Promise.resolve(),
};

/** The Wishes screen's data and actions (issue 29); the rounds themselves run in useWishRounds. */
export function useWishes(): WishesView {
  return NOTHING;
}
