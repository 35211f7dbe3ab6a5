import {
  isEncryptionDataV2,
  type Identity,
  type SealedWishBlob,
  type WishCouple,
} from '@couple/protocol/browser';

/** What every step of a round is bound to: the round, the couple and both devices' keys. */
export interface RoundBase {
  roundId: string;
  couple: WishCouple;
  identity: Identity;
  /** Always a partner key this device trusts (features/keys/pins.ts). */
  partnerPublicKey: string;
}

type Items = { items: readonly string[] };
export interface RoundResult {
  matches: string[];
  partnerSetSize: number;
}

/**
 * The protocol's private matching (packages/protocol/src/wishes), as the engine uses it: an
 * interface so that the engine's tests can run it with a fake, and the real one loads lazily.
 */
export interface WishCrypto {
  startWishRound(input: RoundBase & Items): Promise<SealedWishBlob>;
  replyToWishRound(input: RoundBase & Items & { offer: SealedWishBlob }): Promise<SealedWishBlob>;
  finishWishRound(
    input: RoundBase & Items & { offer: SealedWishBlob; reply: SealedWishBlob },
  ): Promise<RoundResult & { finish: SealedWishBlob }>;
  completeWishRound(
    input: RoundBase &
      Items & { offer: SealedWishBlob; reply: SealedWishBlob; finish: SealedWishBlob },
  ): Promise<RoundResult>;
  sealWishMatches(input: {
    couple: WishCouple;
    identity: Identity;
    partnerPublicKey: string;
    roundId: string;
    matches: readonly string[];
  }): Promise<SealedWishBlob>;
  openWishMatches(input: {
    couple: WishCouple;
    identity: Identity;
    senderPublicKey: string;
    sealed: SealedWishBlob;
  }): Promise<{ roundId: string; matches: string[] }>;
  sealWishItem(input: {
    itemId: string;
    couple: WishCouple;
    identity: Identity;
    partnerPublicKey: string;
    text: string;
  }): Promise<SealedWishBlob>;
  openWishItem(input: {
    itemId: string;
    proposerId: string;
    couple: WishCouple;
    identity: Identity;
    senderPublicKey: string;
    sealed: SealedWishBlob;
  }): Promise<string>;
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

/** The key id that sealed a stored blob, or null when it is not end-to-end. */
export function sealerOf(blob: StoredBlob): string | null {
  return asSealed(blob)?.encryption_data.sender_key_id ?? null;
}

/** The device's identity a blob was sealed to (a replaced key still opens), if any. */
export function recipientIdentity(
  blob: SealedWishBlob,
  identities: readonly Identity[],
): Identity | undefined {
  const named = new Set(blob.encryption_data.recipients.map((recipient) => recipient.key_id));
  return identities.find((identity) => named.has(identity.keyId));
}
