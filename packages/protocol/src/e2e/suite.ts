import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { E2E_TEXTS } from './constants.js';

let suite: CipherSuite | undefined;

/**
 * The one HPKE suite of the format (RFC 9180): DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * AES-128-GCM. P-256 because every WebCrypto (Node 20, Chromium, Safari, Firefox) has it; X25519
 * is not everywhere yet. Made on first use, not at import: a top-level `new` is a side effect
 * the bundler must keep, which put @hpke/core in the web app's first load even when unused.
 */
export function hpkeSuite(): CipherSuite {
  suite ??= new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes128Gcm(),
  });
  return suite;
}

/**
 * WebCrypto's CryptoKey, named through globalThis.crypto so it resolves both under the DOM
 * typings (web app) and under @types/node (server, tests), which has no global CryptoKey type.
 */
export type WebCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** Structurally the same as WebCrypto's CryptoKeyPair. */
export interface KeyPair {
  privateKey: WebCryptoKey;
  publicKey: WebCryptoKey;
}

/** Why a note or link payload could not be opened; the UI chooses its text from `reason`. */
export type E2eErrorReason = 'NoKeyForThisDevice' | 'Tampered' | 'Malformed' | 'BadPhrase';

const MESSAGES: Record<E2eErrorReason, string> = {
  NoKeyForThisDevice: E2E_TEXTS.noKeyForThisDevice,
  Tampered: E2E_TEXTS.tampered,
  Malformed: E2E_TEXTS.malformed,
  BadPhrase: E2E_TEXTS.badPhrase,
};

export class E2eError extends Error {
  readonly reason: E2eErrorReason;

  constructor(reason: E2eErrorReason, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.name = 'E2eError';
    this.reason = reason;
  }
}
