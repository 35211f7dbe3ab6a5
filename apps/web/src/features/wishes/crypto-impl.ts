import type { WishCrypto } from './wish-crypto.js';

/** Replaced by the protocol's private matching (packages/protocol/src/wishes) once it lands. */
function missing(): Promise<never> {
  return Promise.reject(new Error('Private wish matching is not in this build yet'));
}

export const wishCrypto: WishCrypto = {
  startWishRound: missing,
  replyToWishRound: missing,
  finishWishRound: missing,
  completeWishRound: missing,
  sealWishMatches: missing,
  openWishMatches: missing,
  sealWishItem: missing,
  openWishItem: missing,
};
