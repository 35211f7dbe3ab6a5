import { WISH_TIERS } from '@couple/protocol/browser';
import { i18n } from '../../lib/i18n.js';
import type { WishEntry } from './use-wishes.js';

/** The tier's name, or who proposed it for a wish of the couple's own. */
export function wishTierName(entry: Pick<WishEntry, 'tier' | 'proposedByMe'>): string {
  if (entry.tier === 'custom') {
    return entry.proposedByMe ? i18n._('Proposed by you') : i18n._('Proposed by your partner');
  }
  const tier = WISH_TIERS.find(({ id }) => id === entry.tier);
  return tier ? i18n._(tier.name) : '';
}
