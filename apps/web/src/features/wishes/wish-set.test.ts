import { describe, expect, it } from 'vitest';
import { WISH_CATALOG, customWishId } from '@couple/protocol/browser';
import { parseWishPreferences } from './preferences.js';
import { matchingSet, sameSet } from './wish-set.js';

const tender = WISH_CATALOG.filter((wish) => wish.tier === 'tender').map((wish) => wish.id);
const spicy = WISH_CATALOG.filter((wish) => wish.tier === 'spicy').map((wish) => wish.id);
const custom = customWishId('0b8f3c2e-7a51-4c8e-9d2a-5f1e6b7c8d9a');
const visible = { hiddenTiers: [], maybeCountsAsYes: false } as const;

describe('the set a device matches with', () => {
  it('holds the yes answers only, sorted; a maybe counts only when the person says so', () => {
    const answers = { [tender[1]!]: 'yes', [tender[0]!]: 'yes', [tender[2]!]: 'maybe' } as const;
    expect(matchingSet({ ...answers, [tender[3]!]: 'no' }, visible, new Set())).toEqual(
      [tender[0]!, tender[1]!].sort(),
    );
    expect(matchingSet(answers, { ...visible, maybeCountsAsYes: true }, new Set())).toEqual(
      [tender[0]!, tender[1]!, tender[2]!].sort(),
    );
  });

  it('leaves out a hidden tier, a withdrawn custom wish and an id this catalog lacks', () => {
    const answers = {
      [tender[0]!]: 'yes',
      [spicy[0]!]: 'yes',
      [custom]: 'yes',
      'c:from-a-newer-catalog': 'yes',
    } as const;
    const hidden = { hiddenTiers: ['spicy'], maybeCountsAsYes: false } as const;
    expect(matchingSet(answers, hidden, new Set([custom]))).toEqual([tender[0]!, custom].sort());
    expect(matchingSet(answers, hidden, new Set())).toEqual([tender[0]!]);
    expect(matchingSet(answers, visible, new Set())).toEqual([tender[0]!, spicy[0]!].sort());
  });

  it('compares sets; no previous round differs from every set', () => {
    expect(sameSet(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameSet(['a'], ['a', 'b'])).toBe(false);
    expect(sameSet(null, [])).toBe(false);
  });
});

describe('wish preferences on the device', () => {
  it('start with the spicy tier hidden and a maybe not counted', () => {
    expect(parseWishPreferences(null)).toEqual({
      hiddenTiers: ['spicy'],
      maybeCountsAsYes: false,
      changedAt: 0,
    });
    expect(parseWishPreferences('not json')).toEqual(parseWishPreferences(null));
  });

  it('keep known tiers only, in the app order, and when they changed', () => {
    const raw = JSON.stringify({
      hiddenTiers: ['spicy', 'bogus', 'tender'],
      maybeCountsAsYes: true,
      changedAt: 1_700_000_000_123,
    });
    expect(parseWishPreferences(raw)).toEqual({
      hiddenTiers: ['tender', 'spicy'],
      maybeCountsAsYes: true,
      changedAt: 1_700_000_000_123,
    });
    // Stored before the time was kept, or a time that is not one: never changed.
    for (const changedAt of [undefined, -5, 1.5, '12']) {
      const older = JSON.stringify({ hiddenTiers: [], maybeCountsAsYes: false, changedAt });
      expect(parseWishPreferences(older).changedAt).toBe(0);
    }
  });
});
