import {
  isEncryptionDataV2,
  type completeWishRound,
  type finishWishRound,
  type Identity,
  type openWishBackup,
  type openWishItem,
  type openWishMatches,
  type replyToWishRound,
  type SealedWishBlob,
  type sealWishBackup,
  type sealWishItem,
  type sealWishMatches,
  type startWishRound,
  type WishRoundBase,
} from '@couple/protocol/browser';

/** What every step of a round is bound to; `partnerPublicKey` is always a trusted key. */
export type RoundBase = WishRoundBase;

/**
 * The protocol's private matching (packages/protocol/src/wishes), as the engine uses it: an
 * interface so that tests may run the engine with another, and the real one loads lazily.
 */
export interface WishCrypto {
  startWishRound: typeof startWishRound;
  replyToWishRound: typeof replyToWishRound;
  finishWishRound: typeof finishWishRound;
  completeWishRound: typeof completeWishRound;
  sealWishMatches: typeof sealWishMatches;
  openWishMatches: typeof openWishMatches;
  sealWishItem: typeof sealWishItem;
  openWishItem: typeof openWishItem;
  sealWishBackup: typeof sealWishBackup;
  openWishBackup: typeof openWishBackup;
}

/** A blob as the server stores it; only an end-to-end (v2) one is a wish blob. */
export interface StoredBlob {
  content: string;
  encryption_data: unknown;
}

export function asSealed(blob: StoredBlob): SealedWishBlob | null {
  const data = blob.encryption_data;
  return isEncryptionDataV2(data) ? { content: blob.content, encryption_data: data } : null;
}

/** The device's identity a blob was sealed to (a replaced key still opens), if any. */
export function recipientIdentity(
  blob: SealedWishBlob,
  identities: readonly Identity[],
): Identity | undefined {
  const named = new Set(blob.encryption_data.recipients.map((recipient) => recipient.key_id));
  return identities.find((identity) => named.has(identity.keyId));
}
