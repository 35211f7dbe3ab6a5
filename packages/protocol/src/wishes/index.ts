/** Private wish matching (docs/security.md, "Private wish matching"): rounds, matches, items. */
export * from './constants.js';
export {
  completeWishRound,
  finishWishRound,
  replyToWishRound,
  startWishRound,
  type WishRoundBase,
} from './round.js';
export { openWishMatches, sealWishMatches } from './matches.js';
export { openWishItem, sealWishItem } from './items.js';
export {
  fitWishSnapshot,
  isSnapshotTime,
  type WishSnapshot,
  type WishSnapshotEntry,
  type WishSnapshotSettings,
} from './backup-layout.js';
export { openWishBackup, sealWishBackup } from './backup.js';
