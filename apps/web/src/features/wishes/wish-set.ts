import { isCatalogWishId, isCustomWishId, wishTierOf } from '@couple/protocol/browser';
import type { WishPreferences } from './preferences.js';
import type { WishAnswer } from './types.js';

/** This device's answers, by wish id (`c:<slug>` or `u:<uuid>`). */
export type WishAnswers = Readonly<Record<string, WishAnswer>>;

/**
 * The set this device matches with (issue 29): the yes answers, and the maybe answers when the
 * person counts a maybe as a yes, of wishes still on the list. A hidden tier's wishes and a
 * withdrawn custom wish do not count; neither does an id this app's catalog lacks (a newer or
 * retired one). Sorted, so that two sets compare as strings.
 */
export function matchingSet(
  answers: WishAnswers,
  preferences: Pick<WishPreferences, 'hiddenTiers' | 'maybeCountsAsYes'>,
  customIds: ReadonlySet<string>,
): string[] {
  const hidden = new Set(preferences.hiddenTiers);
  return Object.entries(answers)
    .filter(
      ([, answer]) => answer === 'yes' || (answer === 'maybe' && preferences.maybeCountsAsYes),
    )
    .map(([id]) => id)
    .filter((id) => {
      if (isCustomWishId(id)) return customIds.has(id);
      const tier = wishTierOf(id);
      return isCatalogWishId(id) && tier !== undefined && !hidden.has(tier);
    })
    .sort();
}

export function sameSet(a: readonly string[] | null, b: readonly string[]): boolean {
  return a !== null && a.length === b.length && a.every((id, index) => id === b[index]);
}
