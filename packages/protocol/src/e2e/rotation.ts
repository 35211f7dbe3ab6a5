import { ROTATION_SIGNATURE_BYTES, ROTATION_SIGNATURE_PREFIX } from './constants.js';
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

export interface SignKeyRotationInput {
  userId: string;
  /** The key being replaced, still held by this device. */
  previous: { keyId: string; entropy: Uint8Array };
  nextPublicKey: string;
}

/** The previous key vouches for the next one: base64url of a 64-byte ECDSA P-256 signature. */
export async function signKeyRotation(input: SignKeyRotationInput): Promise<string> {
  const key = await signingKeyOf(input.previous.entropy);
  const message = rotationMessage(input.userId, input.previous.keyId, input.nextPublicKey);
  return bytesToBase64Url(new Uint8Array(await globalThis.crypto.subtle.sign(SIGN, key, message)));
}

export interface VerifyKeyRotationInput {
  userId: string;
  signer: { keyId: string; publicKey: string };
  nextPublicKey: string;
  signature: string;
}

/** True only when `signer` signed `nextPublicKey` as the next key of `userId`; never throws. */
export async function verifyKeyRotation(input: VerifyKeyRotationInput): Promise<boolean> {
  try {
    const signature = base64UrlToBytes(input.signature);
    if (signature.length !== ROTATION_SIGNATURE_BYTES) return false;
    const subtle = globalThis.crypto.subtle;
    const key = await subtle.importKey(
      'raw',
      decodePublicKey(input.signer.publicKey),
      ECDSA,
      false,
      ['verify'],
    );
    const message = rotationMessage(input.userId, input.signer.keyId, input.nextPublicKey);
    return await subtle.verify(SIGN, key, signature, message);
  } catch {
    return false;
  }
}
