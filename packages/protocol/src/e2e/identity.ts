import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import {
  KEY_ID_BYTES,
  PUBLIC_KEY_B64URL_LENGTH,
  PUBLIC_KEY_BYTES,
  RECOVERY_ENTROPY_BYTES,
  RECOVERY_PHRASE_WORDS,
} from './constants.js';
import { base64UrlToBytes, bytesToBase64Url, digest, randomBytes } from './encoding.js';
import { E2eError, hpkeSuite, type KeyPair, type WebCryptoKey } from './suite.js';

/** What sealing and opening need of an identity: the key pair and its public key (base64url). */
export interface IdentityKeys {
  keyPair: KeyPair;
  publicKey: string;
}

export interface Identity extends IdentityKeys {
  /**
   * The 32 bytes everything derives from. The app must keep them (not only the key pair) to show
   * the phrase again and to hand the identity to a newly linked device.
   */
  entropy: Uint8Array<ArrayBuffer>;
  phrase: string;
  keyId: string;
}

/** key_id = base64url(first 16 bytes of SHA-256(raw public key)), 22 characters. */
export async function keyIdOf(rawPublicKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const hash = await digest('SHA-256', rawPublicKey);
  return bytesToBase64Url(hash.subarray(0, KEY_ID_BYTES));
}

export async function keyIdOfPublicKey(publicKey: string): Promise<string> {
  return keyIdOf(decodePublicKey(publicKey));
}

/** Decodes a base64url public key, checking only its length; the curve check is importPublicKey's. */
export function decodePublicKey(publicKey: string): Uint8Array<ArrayBuffer> {
  if (publicKey.length !== PUBLIC_KEY_B64URL_LENGTH) throw new E2eError('Malformed');
  try {
    const raw = base64UrlToBytes(publicKey);
    if (raw.length !== PUBLIC_KEY_BYTES) throw new Error('length');
    return raw;
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
}

/** Imports a peer's public key; WebCrypto refuses a point that is not on P-256. */
export async function importPublicKey(publicKey: string): Promise<WebCryptoKey> {
  const raw = decodePublicKey(publicKey);
  try {
    return await hpkeSuite().kem.deserializePublicKey(raw);
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
}

export async function exportPublicKey(key: WebCryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await hpkeSuite().kem.serializePublicKey(key));
}

/**
 * RFC 9180 §7.1.3 DeriveKeyPair through @hpke/core, so the phrase restores the same key.
 *
 * Extractability: @hpke/core imports the derived private key as extractable. We re-import it
 * once as non-extractable (ECDH, deriveBits only) and drop the extractable one, so the stored
 * CryptoKey cannot be exported. The public key stays extractable (it is public and must be
 * serialized). The entropy itself is returned to the caller, who is responsible for it.
 * The library never needs to export our private key because we always pass it the key pair.
 */
export async function identityFromEntropy(entropy: Uint8Array): Promise<Identity> {
  if (entropy.length !== RECOVERY_ENTROPY_BYTES) {
    throw new RangeError(`Recovery entropy must be ${RECOVERY_ENTROPY_BYTES} bytes`);
  }
  const ownEntropy = new Uint8Array(entropy);
  const derived = await hpkeSuite().kem.deriveKeyPair(ownEntropy);
  const subtle = globalThis.crypto.subtle;
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', derived.privateKey));
  const privateKey = await subtle.importKey(
    'pkcs8',
    pkcs8,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  pkcs8.fill(0);
  const raw = await exportPublicKey(derived.publicKey);
  return {
    entropy: ownEntropy,
    phrase: entropyToMnemonic(ownEntropy, wordlist),
    keyPair: { privateKey, publicKey: derived.publicKey },
    publicKey: bytesToBase64Url(raw),
    keyId: await keyIdOf(raw),
  };
}

export async function createIdentity(): Promise<Identity> {
  return identityFromEntropy(randomBytes(RECOVERY_ENTROPY_BYTES));
}

/**
 * Restores an identity from its 24-word phrase. Spacing and case are forgiven; a word outside
 * the English list, a wrong word count or a failed checksum throws E2eError('BadPhrase').
 */
export async function identityFromPhrase(phrase: string): Promise<Identity> {
  const words = phrase.trim().toLowerCase().split(/\s+/);
  if (words.length !== RECOVERY_PHRASE_WORDS) throw new E2eError('BadPhrase');
  let entropy: Uint8Array;
  try {
    entropy = mnemonicToEntropy(words.join(' '), wordlist);
  } catch (cause) {
    throw new E2eError('BadPhrase', { cause });
  }
  return identityFromEntropy(entropy);
}
