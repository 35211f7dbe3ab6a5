/**
 * The tiers of the wish catalog (issue 29), from tender to spicy. Each maps onto the app's
 * intensity scale (SCORE_MIN..SCORE_MAX): tapping a match sends a desire with its tier's
 * intensity, so a spicy match arrives as intense as the app can say it (🔥, a push that wakes
 * the phone: rules.ts isIntense), a tender one as a gentle 💝.
 */
export type WishTier = 'tender' | 'playful' | 'sensual' | 'spicy';

export interface WishTierInfo {
  id: WishTier;
  /** A catalog id: show with `i18n._(tier.name)` or `translate(locale, tier.name)`. */
  name: string;
  /** One short line under the name, a catalog id too. */
  description: string;
  /** The desire score (0..10) a tapped match of this tier is sent with. */
  intensity: number;
}

/** In the app's order, mildest first; intensities strictly increase (checked by the test). */
export const WISH_TIERS: readonly WishTierInfo[] = [
  {
    id: 'tender',
    name: /*i18n*/ 'Tender',
    description: /*i18n*/ 'Closeness, care and time together',
    intensity: 3,
  },
  {
    id: 'playful',
    name: /*i18n*/ 'Playful',
    description: /*i18n*/ 'Flirting, fun and a little mischief',
    intensity: 5,
  },
  {
    id: 'sensual',
    name: /*i18n*/ 'Sensual',
    description: /*i18n*/ 'Touch, warmth and taking it slow',
    intensity: 8,
  },
  {
    id: 'spicy',
    name: /*i18n*/ 'Spicy',
    description: /*i18n*/ 'Bolder and adult: only ever if you both say yes',
    intensity: 10,
  },
];

/**
 * Tiers a person has not chosen to see start hidden (Settings can show them): the spiciest
 * items should never be the surprise of someone who opened the screen to browse.
 */
export const WISH_TIERS_HIDDEN_BY_DEFAULT: readonly WishTier[] = ['spicy'];

const TIER_IDS: ReadonlySet<string> = new Set(WISH_TIERS.map((tier) => tier.id));

export function isWishTier(value: string): value is WishTier {
  return TIER_IDS.has(value);
}
