import type { ApiAnswer, ApiBody, WishesState } from '@couple/protocol';
import type { Identity, WishCouple } from '@couple/protocol/browser';
import type { WishStore } from './device-store.js';
import type { WishCrypto } from './wish-crypto.js';

/** The wishes routes the engine calls (api.ts has the real ones). */
export interface WishesApi {
  getWishes(): Promise<WishesState>;
  proposeWish(body: ApiBody<'proposeWish'>): Promise<ApiAnswer<'proposeWish'>>;
  withdrawWish(id: string): Promise<void>;
  startWishRound(body: ApiBody<'startWishRound'>): Promise<ApiAnswer<'startWishRound'>>;
  replyWishRound(id: string, body: ApiBody<'replyWishRound'>): Promise<unknown>;
  finishWishRound(id: string, body: ApiBody<'finishWishRound'>): Promise<unknown>;
  completeWishRound(id: string, body: ApiBody<'completeWishRound'>): Promise<unknown>;
}

/**
 * Runs `run` unless another tab of this browser already holds `name` (then skips it): each step
 * of a round is taken at most once per device at a time.
 */
export type ExclusiveRun = (name: string, run: () => Promise<void>) => Promise<void>;

/**
 * Everything one device's engine works with. The engine only runs when the partner's current key
 * is trusted here: `partnerKey` is that key, never merely the one the server names.
 */
export interface EngineContext {
  couple: WishCouple;
  /** The device's identity of the account's current key. */
  identity: Identity;
  /** Every identity the device holds for the account (replaced keys still open old blobs). */
  identities: readonly Identity[];
  partnerKey: { keyId: string; publicKey: string };
  store: WishStore;
  api: WishesApi;
  crypto: WishCrypto;
  exclusive: ExclusiveRun;
  newId(): string;
  /** A round step was refused because the partner's key changed: read the keys again. */
  onPartnerKeyChanged(): void;
  onError(context: string, error: unknown): void;
}

/** Names held by this page, where the browser has no Web Locks: at least one tab never repeats. */
const heldHere = new Set<string>();

/** Web Locks where the browser has them (across tabs); otherwise a guard within this page. */
export const webLockExclusive: ExclusiveRun = async (name, run) => {
  const locks = globalThis.navigator?.locks;
  if (locks) {
    await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    });
    return;
  }
  if (heldHere.has(name)) return;
  heldHere.add(name);
  try {
    await run();
  } finally {
    heldHere.delete(name);
  }
};
