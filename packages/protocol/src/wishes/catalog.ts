import { WISH_TIERS, type WishTier } from './tiers.js';

/*
 * The curated wish catalog (issue 29), shipped with the app. Devices match answers on the ids,
 * never on the texts: a text can be reworded or translated while everyone's answers to it stay
 * valid. Rules (docs/decisions.md, "The wish catalog"; checked by catalog.test.ts):
 * - an id is `c:<kebab-slug>`, at most 64 characters, and means the same wish forever;
 * - a new version appends a block and bumps WISH_CATALOG_VERSION; its items carry that `since`;
 * - a wish is removed only by moving its id into RETIRED_WISH_IDS, and a retired id never
 *   comes back, for a different wish or the same one.
 */

export const WISH_CATALOG_VERSION = 1;

export interface CatalogWish {
  /** `c:<kebab-slug>`, stable forever: what the devices hash and match on. */
  id: string;
  tier: WishTier;
  /** A catalog id (English): show with `i18n._(wish.text)`. */
  text: string;
  /** The catalog version that added it. */
  since: number;
}

function wishes(since: number, tier: WishTier, texts: Record<string, string>): CatalogWish[] {
  return Object.entries(texts).map(([slug, text]) => ({ id: `c:${slug}`, tier, text, since }));
}

const VERSION_1: readonly CatalogWish[] = [
  ...wishes(1, 'tender', {
    'slow-dance-in-the-kitchen': /*i18n*/ 'Slow dance in the kitchen',
    'morning-in-bed-no-phones': /*i18n*/ 'A whole morning in bed, no phones',
    'cook-together-from-scratch': /*i18n*/ 'Cook a meal together from scratch',
    'watch-the-sunrise': /*i18n*/ 'Watch the sunrise together',
    'fall-asleep-holding-hands': /*i18n*/ 'Fall asleep holding hands',
    'walk-with-nowhere-to-be': /*i18n*/ 'A long walk with nowhere to be',
    'write-love-letters': /*i18n*/ 'Write each other a love letter',
    'read-aloud-in-bed': /*i18n*/ 'Read aloud to each other in bed',
    'stargaze-under-a-blanket': /*i18n*/ 'Stargaze wrapped in one blanket',
    'picnic-for-two': /*i18n*/ 'A picnic just for the two of us',
    'three-things-we-love': /*i18n*/ 'Say three things we love about each other',
    'lazy-sunday-on-the-couch': /*i18n*/ 'A lazy Sunday on the couch, just us',
    'plan-a-dream-trip': /*i18n*/ 'Plan our dream trip together',
    'hold-each-other-in-silence': /*i18n*/ 'Hold each other in silence for ten minutes',
    'breakfast-in-bed': /*i18n*/ 'Bring each other breakfast in bed',
    'look-through-old-photos': /*i18n*/ 'Look through old photos of us',
  }),
  ...wishes(1, 'playful', {
    'flirty-notes-to-find': /*i18n*/ 'Leave each other flirty notes to find',
    'recreate-our-first-date': /*i18n*/ 'Recreate our first date',
    'meet-again-for-the-first-time': /*i18n*/ 'Pretend we are meeting for the first time',
    'flirty-texts-all-day': /*i18n*/ 'Send each other flirty texts all day',
    'dress-up-date-at-home': /*i18n*/ 'Dress up for a date night at home',
    'game-night-winner-picks-a-prize': /*i18n*/ 'A game night where the winner picks a prize',
    'dance-party-for-two': /*i18n*/ 'A dance party for two in the living room',
    'truth-or-dare': /*i18n*/ 'Play truth or dare, just the two of us',
    'steal-a-kiss-somewhere-unexpected': /*i18n*/ 'Steal a kiss somewhere unexpected',
    'surprise-date': /*i18n*/ 'Plan a surprise date for each other',
    'hotel-night-in-our-city': /*i18n*/ 'A night in a hotel in our own city',
    'pick-each-others-outfit': /*i18n*/ 'Pick each other’s outfit for a night out',
    'flirt-across-a-crowded-room': /*i18n*/ 'Flirt with each other across a crowded room',
    'make-out-like-teenagers': /*i18n*/ 'Make out like teenagers on the couch',
    'playlist-of-us': /*i18n*/ 'Make a playlist of songs about us',
    'silly-photo-booth': /*i18n*/ 'Squeeze into a photo booth and be silly',
  }),
  ...wishes(1, 'sensual', {
    'warm-oil-massage': /*i18n*/ 'A long massage with warm oil',
    'undress-each-other-slowly': /*i18n*/ 'Undress each other slowly',
    'long-warm-shower': /*i18n*/ 'Share a long, warm shower',
    'candlelit-bath-for-two': /*i18n*/ 'A candlelit bath for two',
    'only-kissing': /*i18n*/ 'Only kissing, for as long as we like',
    'show-how-we-like-to-be-touched': /*i18n*/ 'Show each other how we like to be touched',
    'feed-each-other': /*i18n*/ 'Feed each other strawberries and chocolate',
    'sleep-skin-to-skin': /*i18n*/ 'Sleep skin to skin all night',
    'explore-with-hands-only': /*i18n*/ 'Explore each other slowly, hands only',
    'evening-of-being-spoiled': /*i18n*/ 'Take turns being spoiled for a whole evening',
    'cover-in-slow-kisses': /*i18n*/ 'Cover each other in slow kisses',
    'the-whole-night-ahead': /*i18n*/ 'Make love with the whole night ahead of us',
    'wake-up-with-kisses': /*i18n*/ 'Wake each other up with kisses',
    'whisper-what-we-want': /*i18n*/ 'Whisper to each other what we want tonight',
    'weekend-away-for-each-other': /*i18n*/ 'A weekend away with one plan: each other',
    'kiss-in-the-rain': /*i18n*/ 'Kiss in the rain, then get warm together',
  }),
  ...wishes(1, 'spicy', {
    'blindfold-you-decide': /*i18n*/ 'A blindfold, and you decide the rest',
    'untold-fantasy': /*i18n*/ 'Tell me a fantasy you have never said out loud',
    'silk-ties-and-a-safe-word': /*i18n*/ 'Silk ties, a safe word, and all our trust',
    'role-play-a-scene-we-write': /*i18n*/ 'Role-play a scene we both write together',
    'one-of-us-in-charge': /*i18n*/ 'Let one of us be completely in charge',
    'watch-something-steamy': /*i18n*/ 'Watch something steamy together',
    'anywhere-but-the-bed': /*i18n*/ 'Make love anywhere but the bed',
    'choose-a-toy-together': /*i18n*/ 'Choose a new toy together',
    'try-what-we-only-talked-about': /*i18n*/ 'Try something we have only talked about',
    'private-striptease': /*i18n*/ 'A slow striptease, just for you',
    'wear-something-daring': /*i18n*/ 'Wear something daring, just for each other',
    'an-hour-of-teasing': /*i18n*/ 'An hour of teasing before anything more',
    'say-what-we-want-out-loud': /*i18n*/ 'Say exactly what we want, out loud',
    'hot-and-cold': /*i18n*/ 'Hot and cold: ice cubes and warm kisses',
    'mirror-lights-on': /*i18n*/ 'In front of a mirror, with the lights on',
    'tonight-in-detail-by-text': /*i18n*/ 'Text each other, in detail, what happens later',
  }),
];

const TIER_ORDER: readonly WishTier[] = WISH_TIERS.map((tier) => tier.id);

/**
 * Every wish this version ships, grouped by tier from tender to spicy (a later version's items
 * join their tier, after the older ones: the sort is stable).
 */
export const WISH_CATALOG: readonly CatalogWish[] = [...VERSION_1].sort(
  (a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier),
);

/** Ids once shipped and since removed: kept so that no later wish takes one of them. */
export const RETIRED_WISH_IDS: readonly string[] = [];

const BY_ID: ReadonlyMap<string, CatalogWish> = new Map(
  WISH_CATALOG.map((wish) => [wish.id, wish]),
);

const CUSTOM_ID = /^u:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The catalog wish with this id in this app's catalog, if any. */
export function findCatalogWish(id: string): CatalogWish | undefined {
  return BY_ID.get(id);
}

/**
 * True for an id of this app's catalog. An id from a newer catalog (a partner's app that was
 * updated first) or a retired one is not: this device cannot show it, and skips it.
 */
export function isCatalogWishId(id: string): boolean {
  return BY_ID.has(id);
}

/** The tier of a catalog wish; undefined for a custom wish or an id this catalog does not have. */
export function wishTierOf(id: string): WishTier | undefined {
  return BY_ID.get(id)?.tier;
}

/**
 * The id of a wish a partner proposed: `u:` and a UUID, lower-cased so that both devices hash
 * the same bytes whatever case the UUID was written in.
 */
export function customWishId(uuid: string): string {
  const id = `u:${uuid.toLowerCase()}`;
  if (!CUSTOM_ID.test(id)) throw new RangeError(`Not a UUID: ${uuid}`);
  return id;
}

export function isCustomWishId(id: string): boolean {
  return CUSTOM_ID.test(id);
}
