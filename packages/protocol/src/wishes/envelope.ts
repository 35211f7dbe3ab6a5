/**
 * The one envelope of every wishes payload: the v2 note envelope (HPKE auth mode to the
 * partner's key and the sender's own key) with the wishes HPKE info and a per-kind aad, over a
 * plaintext padded to one fixed length per kind, so the server sees nothing but that length.
 */
import type { IdentityKeys } from '../e2e/identity.js';
import { openBytesV2, sealBytesV2, type EncryptionDataV2 } from '../e2e/sealed-bytes.js';
import { bytesToBase64Url, digest, utf8 } from '../e2e/encoding.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_HPKE_INFO, WISH_SEALED_CONTENT_MAX } from './constants.js';

/** What the server stores and relays: `content` is standard base64, as notes' noteEncrypted. */
export interface SealedWishBlob {
  content: string;
  encryption_data: EncryptionDataV2;
}

export async function sealWishBytes(input: {
  aad: string;
  plaintext: Uint8Array<ArrayBuffer>;
  identity: IdentityKeys;
  partnerPublicKey: string;
}): Promise<SealedWishBlob> {
  const sealed = await sealBytesV2({
    plaintext: input.plaintext,
    aad: utf8(input.aad),
    info: WISH_HPKE_INFO,
    senderIdentity: input.identity,
    partnerPublicKey: input.partnerPublicKey,
  });
  return { content: sealed.ciphertext, encryption_data: sealed.encryptionData };
}

/** Opens a wishes payload and checks it has exactly the fixed plaintext length of its kind. */
export async function openWishBytes(input: {
  aad: string;
  sealed: SealedWishBlob;
  identity: IdentityKeys;
  senderPublicKey: string;
  plaintextLength: number;
}): Promise<Uint8Array<ArrayBuffer>> {
  const sealed: unknown = input.sealed;
  if (typeof sealed !== 'object' || sealed === null) throw new E2eError('Malformed');
  const { content, encryption_data: encryptionData } = sealed as Record<string, unknown>;
  if (typeof content !== 'string' || content.length > WISH_SEALED_CONTENT_MAX) {
    throw new E2eError('Malformed');
  }
  const plain = await openBytesV2({
    ciphertext: content,
    encryptionData,
    aad: utf8(input.aad),
    info: WISH_HPKE_INFO,
    myIdentity: input.identity,
    senderPublicKey: input.senderPublicKey,
  });
  if (plain.length !== input.plaintextLength) throw new E2eError('Malformed');
  return plain;
}

/** Every byte from `from` on must be zero: padding carries nothing. */
export function assertZeroPadding(bytes: Uint8Array, from: number): void {
  for (let i = from; i < bytes.length; i += 1) {
    if (bytes[i] !== 0) throw new E2eError('Malformed');
  }
}

/** SHA-256 of a sealed content, base64url: binds a reply to its offer and a finish to its reply. */
export async function contentDigest(content: string): Promise<string> {
  return bytesToBase64Url(await digest('SHA-256', utf8(content)));
}
