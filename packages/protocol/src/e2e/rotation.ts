import {
  KEY_PREDECESSOR_SIGNATURE_PREFIX,
  ROTATION_SIGNATURE_BYTES,
  ROTATION_SIGNATURE_PREFIX,
} from './constants.js';
import { base64UrlToBytes, bytesToBase64Url, concatBytes, utf8 } from './encoding.js';
import { decodePublicKey } from './identity.js';
import { hpkeSuite, type WebCryptoKey } from './suite.js';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** What a rotation signature covers: whose key it is, which key signs, and the next key. */
function rotationMessage(
  userId: string,
  signerKeyId: string,
  nextPublicKey: string,
): Uint8Array<ArrayBuffer> {
  return concatBytes(
    utf8(`${ROTATION_SIGNATURE_PREFIX}\n${userId}\n${signerKeyId}\n`),
    decodePublicKey(nextPublicKey),
  );
}

/** What a predecessor signature covers: whose key it is, which key signs, and the key it replaced. */
function predecessorMessage(
  userId: string,
  signerKeyId: string,
  predecessorKeyId: string,
): Uint8Array<ArrayBuffer> {
  return utf8(
    `${KEY_PREDECESSOR_SIGNATURE_PREFIX}\n${userId}\n${signerKeyId}\n${predecessorKeyId}`,
  );
}

/**
 * The identity's private key as an ECDSA signing key. The identity's stored CryptoKey is
 * ECDH-only and non-extractable, so it is derived again from the entropy (the same P-256 scalar).
 */
async function signingKeyOf(entropy: Uint8Array): Promise<WebCryptoKey> {
  const derived = await hpkeSuite().kem.deriveKeyPair(new Uint8Array(entropy));
  const subtle = globalThis.crypto.subtle;
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', derived.privateKey));
  try {
    return await subtle.importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);
  } finally {
    pkcs8.fill(0);
  }
}

/** base64url of the 64-byte ECDSA P-256 signature (r || s) of `message` by the identity. */
async function signWith(entropy: Uint8Array, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await signingKeyOf(entropy);
  return bytesToBase64Url(new Uint8Array(await globalThis.crypto.subtle.sign(SIGN, key, message)));
}

/** True only when `signature` is one of `message` by `publicKey`; never throws. */
async function verifyWith(
  publicKey: string,
  message: () => Uint8Array<ArrayBuffer>,
  signature: string,
): Promise<boolean> {
  try {
    const bytes = base64UrlToBytes(signature);
    if (bytes.length !== ROTATION_SIGNATURE_BYTES) return false;
    const subtle = globalThis.crypto.subtle;
    const key = await subtle.importKey('raw', decodePublicKey(publicKey), ECDSA, false, ['verify']);
    return await subtle.verify(SIGN, key, bytes, message());
  } catch {
    return false;
  }
}

export interface SignKeyRotationInput {
  userId: string;
  /** The key being replaced, still held by this device. */
  previous: { keyId: string; entropy: Uint8Array };
  nextPublicKey: string;
}

/** The previous key vouches for the next one: base64url of a 64-byte ECDSA P-256 signature. */
export async function signKeyRotation(input: SignKeyRotationInput): Promise<string> {
  const { userId, previous, nextPublicKey } = input;
  return signWith(previous.entropy, rotationMessage(userId, previous.keyId, nextPublicKey));
}

export interface VerifyKeyRotationInput {
  userId: string;
  signer: { keyId: string; publicKey: string };
  nextPublicKey: string;
  signature: string;
}

/** True only when `signer` signed `nextPublicKey` as the next key of `userId`; never throws. */
export async function verifyKeyRotation(input: VerifyKeyRotationInput): Promise<boolean> {
  const { userId, signer, nextPublicKey } = input;
  return verifyWith(
    signer.publicKey,
    () => rotationMessage(userId, signer.keyId, nextPublicKey),
    input.signature,
  );
}

export interface SignKeyPredecessorInput {
  userId: string;
  /** The new key, which vouches for the key it replaces. */
  signer: { keyId: string; entropy: Uint8Array };
  predecessorKeyId: string;
}

/**
 * The new key vouches backwards for the key it replaced, by its key id: a device that trusts
 * only the new key can then confirm the notes the older one sealed. 64-byte ECDSA P-256.
 */
export async function signKeyPredecessor(input: SignKeyPredecessorInput): Promise<string> {
  const { userId, signer, predecessorKeyId } = input;
  return signWith(signer.entropy, predecessorMessage(userId, signer.keyId, predecessorKeyId));
}

export interface VerifyKeyPredecessorInput {
  userId: string;
  signer: { keyId: string; publicKey: string };
  predecessorKeyId: string;
  signature: string;
}

/** True only when `signer` signed `predecessorKeyId` as the key it replaced; never throws. */
export async function verifyKeyPredecessor(input: VerifyKeyPredecessorInput): Promise<boolean> {
  const { userId, signer, predecessorKeyId } = input;
  return verifyWith(
    signer.publicKey,
    () => predecessorMessage(userId, signer.keyId, predecessorKeyId),
    input.signature,
  );
}
