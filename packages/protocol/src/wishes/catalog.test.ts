import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCORE_MAX, SCORE_MIN } from '../constants.js';
import {
  RETIRED_WISH_IDS,
  WISH_CATALOG,
  WISH_CATALOG_VERSION,
  customWishId,
  findCatalogWish,
  isCatalogWishId,
  isCustomWishId,
  wishTierOf,
} from './catalog.js';
import { WISH_TIERS, WISH_TIERS_HIDDEN_BY_DEFAULT, isWishTier } from './tiers.js';

/**
 * The ids each catalog version shipped, written out by hand. An id listed here can leave the
 * catalog only into RETIRED_WISH_IDS, and no later version may list it again: answers already
 * given to it must never be matched against a different wish. Shipping version N: bump
 * WISH_CATALOG_VERSION, give the new items `since: N` and add their ids here under N.
 */
const SHIPPED: Readonly<Record<number, readonly string[]>> = {
  1: [
    'c:slow-dance-in-the-kitchen',
    'c:morning-in-bed-no-phones',
    'c:cook-together-from-scratch',
    'c:watch-the-sunrise',
    'c:fall-asleep-holding-hands',
    'c:walk-with-nowhere-to-be',
    'c:write-love-letters',
    'c:read-aloud-in-bed',
    'c:stargaze-under-a-blanket',
    'c:picnic-for-two',
    'c:three-things-we-love',
    'c:lazy-sunday-on-the-couch',
    'c:plan-a-dream-trip',
    'c:hold-each-other-in-silence',
    'c:breakfast-in-bed',
    'c:look-through-old-photos',
    'c:flirty-notes-to-find',
    'c:recreate-our-first-date',
    'c:meet-again-for-the-first-time',
    'c:flirty-texts-all-day',
    'c:dress-up-date-at-home',
    'c:game-night-winner-picks-a-prize',
    'c:dance-party-for-two',
    'c:truth-or-dare',
    'c:steal-a-kiss-somewhere-unexpected',
    'c:surprise-date',
    'c:hotel-night-in-our-city',
    'c:pick-each-others-outfit',
    'c:flirt-across-a-crowded-room',
    'c:make-out-like-teenagers',
    'c:playlist-of-us',
    'c:silly-photo-booth',
    'c:warm-oil-massage',
    'c:undress-each-other-slowly',
    'c:long-warm-shower',
    'c:candlelit-bath-for-two',
    'c:only-kissing',
    'c:show-how-we-like-to-be-touched',
    'c:feed-each-other',
    'c:sleep-skin-to-skin',
    'c:explore-with-hands-only',
    'c:evening-of-being-spoiled',
    'c:cover-in-slow-kisses',
    'c:the-whole-night-ahead',
    'c:wake-up-with-kisses',
    'c:whisper-what-we-want',
    'c:weekend-away-for-each-other',
    'c:kiss-in-the-rain',
    'c:blindfold-you-decide',
    'c:untold-fantasy',
    'c:silk-ties-and-a-safe-word',
    'c:role-play-a-scene-we-write',
    'c:one-of-us-in-charge',
    'c:watch-something-steamy',
    'c:anywhere-but-the-bed',
    'c:choose-a-toy-together',
    'c:try-what-we-only-talked-about',
    'c:private-striptease',
    'c:wear-something-daring',
    'c:an-hour-of-teasing',
    'c:say-what-we-want-out-loud',
    'c:hot-and-cold',
    'c:mirror-lights-on',
    'c:tonight-in-detail-by-text',
  ],
};

const CATALOG_ID = /^c:[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest wish id, catalog or custom (WISH_ITEM_ID_MAX, wishes/constants.ts). */
const ID_MAX = 64;
const TEXT_MAX = 60;
const ids = WISH_CATALOG.map((wish) => wish.id);
const shippedIds = Object.values(SHIPPED).flat();
const sources = ['catalog.ts', 'tiers.ts']
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n');

describe('the wish catalog', () => {
  it('has unique, well-formed ids in known tiers, and enough wishes in each', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(CATALOG_ID);
      expect(id.length).toBeLessThanOrEqual(ID_MAX);
    }
    expect(WISH_CATALOG.length).toBeGreaterThanOrEqual(60);
    for (const tier of WISH_TIERS) {
      expect(WISH_CATALOG.filter((wish) => wish.tier === tier.id).length).toBeGreaterThanOrEqual(
        12,
      );
    }
    for (const wish of WISH_CATALOG) {
      expect(isWishTier(wish.tier)).toBe(true);
      expect(Number.isInteger(wish.since)).toBe(true);
      expect(wish.since).toBeGreaterThanOrEqual(1);
      expect(wish.since).toBeLessThanOrEqual(WISH_CATALOG_VERSION);
    }
  });

  it('keeps every shipped id, or retires it, and never reuses one', () => {
    expect(Object.keys(SHIPPED).map(Number)).toEqual(
      Array.from({ length: WISH_CATALOG_VERSION }, (_, index) => index + 1),
    );
    expect(new Set(shippedIds).size).toBe(shippedIds.length);
    for (const wish of WISH_CATALOG) expect(SHIPPED[wish.since]).toContain(wish.id);
    for (const id of shippedIds) {
      expect(isCatalogWishId(id) !== RETIRED_WISH_IDS.includes(id), id).toBe(true);
    }
    for (const id of RETIRED_WISH_IDS) expect(shippedIds).toContain(id);
    expect(new Set(RETIRED_WISH_IDS).size).toBe(RETIRED_WISH_IDS.length);
  });

  it('has short, distinct texts, each marked for translation', () => {
    const texts = WISH_CATALOG.map((wish) => wish.text);
    expect(new Set(texts.map((text) => text.toLowerCase())).size).toBe(texts.length);
    for (const text of texts) {
      expect(text.length, text).toBeLessThanOrEqual(TEXT_MAX);
      expect(text, text).toBe(text.trim());
      expect(sources, text).toContain(`/*i18n*/ '${text}'`);
    }
  });

  it('is grouped by tier from tender to spicy', () => {
    const tierIndex = WISH_CATALOG.map((wish) => WISH_TIERS.findIndex((t) => t.id === wish.tier));
    expect(tierIndex).toEqual([...tierIndex].sort((a, b) => a - b));
  });

  it('finds a wish and its tier by id, and nothing for other ids', () => {
    expect(findCatalogWish('c:slow-dance-in-the-kitchen')?.text).toBe('Slow dance in the kitchen');
    expect(wishTierOf('c:blindfold-you-decide')).toBe('spicy');
    const custom = customWishId('3F2504E0-4F89-11D3-9A0C-0305E82C3301');
    for (const id of [custom, 'c:not-in-the-catalog', 'slow-dance-in-the-kitchen']) {
      expect(isCatalogWishId(id)).toBe(false);
      expect(wishTierOf(id)).toBeUndefined();
    }
  });
});

describe('custom wish ids', () => {
  it('are u: and the lower-cased UUID, within the id limit', () => {
    const id = customWishId('3F2504E0-4F89-11D3-9A0C-0305E82C3301');
    expect(id).toBe('u:3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(id.length).toBeLessThanOrEqual(ID_MAX);
    expect(isCustomWishId(id)).toBe(true);
    expect(isCustomWishId('c:slow-dance-in-the-kitchen')).toBe(false);
  });

  it('refuse what is not a UUID', () => {
    for (const bad of ['', 'slow-dance', '3f2504e0-4f89-11d3-9a0c', 'u:3f2504e0']) {
      expect(() => customWishId(bad)).toThrow(RangeError);
    }
  });
});

describe('the wish tiers', () => {
  it('run from tender to spicy with rising intensities on the score scale', () => {
    expect(WISH_TIERS.map((tier) => tier.id)).toEqual(['tender', 'playful', 'sensual', 'spicy']);
    const intensities = WISH_TIERS.map((tier) => tier.intensity);
    for (const [index, intensity] of intensities.entries()) {
      expect(Number.isInteger(intensity)).toBe(true);
      expect(intensity).toBeGreaterThanOrEqual(SCORE_MIN);
      expect(intensity).toBeLessThanOrEqual(SCORE_MAX);
      if (index > 0) expect(intensity).toBeGreaterThan(intensities[index - 1]!);
    }
  });

  it('hide only the spiciest by default', () => {
    expect(WISH_TIERS_HIDDEN_BY_DEFAULT).toEqual([WISH_TIERS.at(-1)!.id]);
  });

  it('have a short name and description, marked for translation', () => {
    for (const tier of WISH_TIERS) {
      for (const text of [tier.name, tier.description]) {
        expect(text.length, text).toBeLessThanOrEqual(TEXT_MAX);
        expect(sources, text).toContain(`/*i18n*/ '${text}'`);
      }
    }
  });
});
