/** Private wish matching (docs/security.md, "Private wish matching"): rounds, matches, items. */
export * from './constants.js';
export { isWishItemId, type WishCouple } from './psi.js';
export type { SealedWishBlob } from './envelope.js';
export {
  completeWishRound,
  finishWishRound,
  replyToWishRound,
  startWishRound,
  type WishRoundBase,
  type WishRoundResult,
} from './round.js';
export { openWishMatches, sealWishMatches } from './matches.js';
export { openWishItem, sealWishItem } from './items.js';
