import {
  completeWishRound,
  finishWishRound,
  openWishBackup,
  openWishItem,
  openWishMatches,
  replyToWishRound,
  sealWishBackup,
  sealWishItem,
  sealWishMatches,
  startWishRound,
} from '@couple/protocol/browser';
import type { WishCrypto } from './wish-crypto.js';

/** The protocol's private matching (packages/protocol/src/wishes); loaded by lazy-crypto.ts. */
export const wishCrypto: WishCrypto = {
  startWishRound,
  replyToWishRound,
  finishWishRound,
  completeWishRound,
  sealWishMatches,
  openWishMatches,
  sealWishItem,
  openWishItem,
  sealWishBackup,
  openWishBackup,
};
