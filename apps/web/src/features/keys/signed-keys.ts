import { verifyKeyPredecessor, verifyKeyRotation } from '@couple/protocol/browser';
import type { PinReason } from './keyring.js';

/**
 * Which of the partner's keys a key trusted here signed (docs/security.md, "Pinned partner
 * keys"): forwards, a rotation signature of the next key; backwards, the next key's signature of
 * the id of the key it replaced. Each signer's public key is the one trusted here, never the
 * server's word.
 */

/** A partner key as the server lists it, with the signatures published with it. */
export interface PartnerKey {
  key_id: string;
  public_key: string;
  rotation_signature: string | null;
  predecessor_signature: string | null;
}

/** A key to pin, why, and the keys it supersedes. */
export type PinEntry = readonly [PartnerKey, PinReason, (readonly string[])?];

/**
 * Keys of the partner a trusted key signed as its successor, following the chain, each with
 * its signer: a signed rotation supersedes the key that signed it. Adds them to `trusted`.
 */
export async function signedRotations(
  partnerId: string,
  keys: readonly PartnerKey[],
  trusted: Map<string, string>,
): Promise<PinEntry[]> {
  const signed: PinEntry[] = [];
  let pending = keys.filter((key) => key.rotation_signature !== null && !trusted.has(key.key_id));
  for (let found = true; found && pending.length > 0;) {
    found = false;
    for (const key of pending) {
      const signer = await signerAmong(partnerId, key, trusted);
      if (signer === null) continue;
      trusted.set(key.key_id, key.public_key);
      signed.push([key, 'signed-rotation', [signer]]);
      found = true;
    }
    pending = pending.filter((key) => !trusted.has(key.key_id));
  }
  return signed;
}

/** The id of the trusted key that signed `key` as its successor, if one did. */
async function signerAmong(
  userId: string,
  key: PartnerKey,
  trusted: ReadonlyMap<string, string>,
): Promise<string | null> {
  for (const [keyId, publicKey] of trusted) {
    const valid = await verifyKeyRotation({
      userId,
      signer: { keyId, publicKey },
      nextPublicKey: key.public_key,
      signature: key.rotation_signature ?? '',
    });
    if (valid) return keyId;
  }
  return null;
}

/**
 * Older keys of the partner that a trusted key vouched for backwards, following the chain back
 * (K3 vouches for K2, then K2 for K1). `candidates` are the keys that may be vouched for: their
 * id is the one of their public key, as the signature covers the id alone. Adds them to `trusted`.
 */
export async function vouchedPredecessors(
  partnerId: string,
  candidates: readonly PartnerKey[],
  trusted: Map<string, string>,
): Promise<PinEntry[]> {
  const vouched: PinEntry[] = [];
  let vouchers = candidates.filter((key) => trusted.has(key.key_id));
  while (vouchers.length > 0) {
    const predecessors: PartnerKey[] = [];
    for (const voucher of vouchers) {
      const predecessor = await predecessorOf(partnerId, voucher, trusted, candidates);
      if (predecessor === null) continue;
      trusted.set(predecessor.key_id, predecessor.public_key);
      vouched.push([predecessor, 'vouched-by-successor']);
      predecessors.push(predecessor);
    }
    vouchers = predecessors;
  }
  return vouched;
}

/** The untrusted key that `voucher` signed as the key it replaced, if it signed one. */
async function predecessorOf(
  userId: string,
  voucher: PartnerKey,
  trusted: ReadonlyMap<string, string>,
  candidates: readonly PartnerKey[],
): Promise<PartnerKey | null> {
  const publicKey = trusted.get(voucher.key_id);
  if (voucher.predecessor_signature === null || publicKey === undefined) return null;
  for (const key of candidates) {
    if (trusted.has(key.key_id)) continue;
    const valid = await verifyKeyPredecessor({
      userId,
      signer: { keyId: voucher.key_id, publicKey },
      predecessorKeyId: key.key_id,
      signature: voucher.predecessor_signature,
    });
    if (valid) return key;
  }
  return null;
}
