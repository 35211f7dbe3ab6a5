import type { WishCrypto } from './wish-crypto.js';

/*
 * The private matching's code (elliptic curves) loads on the first round or opening, in its own
 * chunk: neither the first load nor SignedInSync's chunk carries it.
 */
let loaded: Promise<WishCrypto> | null = null;
function load(): Promise<WishCrypto> {
  loaded ??= import('./crypto-impl.js').then((module) => module.wishCrypto);
  return loaded;
}

export const lazyWishCrypto: WishCrypto = {
  startWishRound: async (input) => (await load()).startWishRound(input),
  replyToWishRound: async (input) => (await load()).replyToWishRound(input),
  finishWishRound: async (input) => (await load()).finishWishRound(input),
  completeWishRound: async (input) => (await load()).completeWishRound(input),
  sealWishMatches: async (input) => (await load()).sealWishMatches(input),
  openWishMatches: async (input) => (await load()).openWishMatches(input),
  sealWishItem: async (input) => (await load()).sealWishItem(input),
  openWishItem: async (input) => (await load()).openWishItem(input),
  sealWishBackup: async (input) => (await load()).sealWishBackup(input),
  openWishBackup: async (input) => (await load()).openWishBackup(input),
};
