import {
  ENCRYPTION_IV_BYTES,
  ENCRYPTION_SALT_BYTES,
  ENCRYPTION_VERSION,
  PBKDF2_ITERATIONS,
} from './constants.js';
import { TEXTS } from './texts.js';
import { fillEnglish } from './i18n/fill.js';

/**
 * The v1 encrypted-note format (SPEC §9). Both partners derive the same key from their two user
 * ids: sorted, then joined with this separator (a UUID never contains ':').
 */
export const ENCRYPTION_KEY_JOINER = ':';
const AES_KEY_BITS = 256;

export interface EncryptedNote {
  /** AES-GCM output (ciphertext followed by the 16-byte tag), standard base64 with padding. */
  ciphertext: string;
  iv: string;
  salt: string;
  version: number;
}

/** Fixed salt and iv for reproducible test vectors; production always draws random ones. */
export interface EncryptOptions {
  salt?: Uint8Array<ArrayBuffer>;
  iv?: Uint8Array<ArrayBuffer>;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function keyMaterial(userA: string, userB: string): string {
  return [userA, userB].sort().join(ENCRYPTION_KEY_JOINER);
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

async function deriveKey(userA: string, userB: string, salt: Uint8Array<ArrayBuffer>) {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey(
    'raw',
    new TextEncoder().encode(keyMaterial(userA, userB)),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PBKDF2_ITERATIONS },
    base,
    { name: 'AES-GCM', length: AES_KEY_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptNote(
  note: string,
  userA: string,
  userB: string,
  options: EncryptOptions = {},
): Promise<EncryptedNote> {
  const salt = options.salt ?? randomBytes(ENCRYPTION_SALT_BYTES);
  const iv = options.iv ?? randomBytes(ENCRYPTION_IV_BYTES);
  const key = await deriveKey(userA, userB, salt);
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(note),
  );
  return {
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
    iv: bytesToBase64(iv),
    salt: bytesToBase64(salt),
    version: ENCRYPTION_VERSION,
  };
}

/** Rejects with 'Unsupported encryption version: {n}', or with the Web Crypto error of a wrong key or tampered data. */
export async function decryptNote(
  encrypted: EncryptedNote,
  userA: string,
  userB: string,
): Promise<string> {
  if (encrypted.version !== ENCRYPTION_VERSION) {
    throw new Error(
      fillEnglish(TEXTS.unsupportedEncryptionVersion, { version: String(encrypted.version) }),
    );
  }
  const key = await deriveKey(userA, userB, base64ToBytes(encrypted.salt));
  const plain = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(encrypted.iv) },
    key,
    base64ToBytes(encrypted.ciphertext),
  );
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}
