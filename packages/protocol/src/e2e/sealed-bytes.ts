import { bytesToBase64, base64ToBytes } from '../crypto.js';
import {
  CONTENT_KEY_BYTES,
  ENCRYPTION_VERSION_V2,
  ENC_B64URL_LENGTH,
  KEY_ID_B64URL_LENGTH,
  NOTE_IV_B64URL_LENGTH,
  NOTE_IV_BYTES,
  RECIPIENTS_MAX,
  RECIPIENTS_MIN,
  WRAPPED_KEY_B64URL_LENGTH,
} from './constants.js';
import { base64UrlToBytes, bytesToBase64Url, randomBytes, utf8 } from './encoding.js';
import { importPublicKey, keyIdOfPublicKey, type IdentityKeys } from './identity.js';
import { E2eError, hpkeSuite } from './suite.js';

/**
 * The v2 envelope of docs/security.md ("End-to-end note format (v2)") for any bytes: a fresh
 * content key encrypts the plaintext with AES-256-GCM, and is wrapped in HPKE auth mode to the
 * partner's key and to the sender's own key. Notes and every wishes message use it; what keeps
 * them apart is the HPKE info and the additional data each kind passes.
 */
export interface RecipientV2 {
  key_id: string;
  enc: string;
  wrapped_key: string;
}

export interface EncryptionDataV2 {
  version: typeof ENCRYPTION_VERSION_V2;
  iv: string;
  sender_key_id: string;
  recipients: RecipientV2[];
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function isB64Url(value: unknown, length: number): value is string {
  return typeof value === 'string' && value.length === length && B64URL.test(value);
}

function isRecipientV2(value: unknown): value is RecipientV2 {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  return (
    Object.keys(entry).length === 3 &&
    isB64Url(entry.key_id, KEY_ID_B64URL_LENGTH) &&
    isB64Url(entry.enc, ENC_B64URL_LENGTH) &&
    isB64Url(entry.wrapped_key, WRAPPED_KEY_B64URL_LENGTH)
  );
}

/**
 * Shape check of encryption_data v2 without zod (the browser entry stays zod-free): exactly the
 * four fields, version 2, the exact base64url lengths, 1 or 2 recipients with distinct key ids.
 */
export function isEncryptionDataV2(value: unknown): value is EncryptionDataV2 {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const data = value as Record<string, unknown>;
  const recipients = data.recipients;
  return (
    Object.keys(data).length === 4 &&
    data.version === ENCRYPTION_VERSION_V2 &&
    isB64Url(data.iv, NOTE_IV_B64URL_LENGTH) &&
    isB64Url(data.sender_key_id, KEY_ID_B64URL_LENGTH) &&
    Array.isArray(recipients) &&
    recipients.length >= RECIPIENTS_MIN &&
    recipients.length <= RECIPIENTS_MAX &&
    recipients.every(isRecipientV2) &&
    new Set(recipients.map((entry) => entry.key_id)).size === recipients.length
  );
}

export interface SealBytesV2Input {
  plaintext: Uint8Array<ArrayBuffer>;
  /** Binds the ciphertext and each wrapped key to one context (a message, a round step…). */
  aad: Uint8Array<ArrayBuffer>;
  /** HPKE info: separates the kinds of payload (notes, wishes) at the key-wrapping layer. */
  info: string;
  senderIdentity: IdentityKeys;
  partnerPublicKey: string;
}

export interface SealedBytesV2 {
  /** AES-256-GCM ciphertext and tag, standard base64 with padding (as notes). */
  ciphertext: string;
  encryptionData: EncryptionDataV2;
}

export async function sealBytesV2(input: SealBytesV2Input): Promise<SealedBytesV2> {
  // Two entries with one key id would fail isEncryptionDataV2 (and the server's check).
  if (input.partnerPublicKey === input.senderIdentity.publicKey) {
    throw new RangeError('The partner key must differ from the sender key');
  }
  // The partner first, then the sender's own key, so the sender's other devices can read it too.
  return sealToRecipients(input, [input.partnerPublicKey, input.senderIdentity.publicKey]);
}

/**
 * The same envelope with one recipient, the sender's own key: what only the holders of that key
 * (the person's own devices) open, and only they can have sealed (auth mode).
 */
export async function sealBytesV2ToSelf(
  input: Omit<SealBytesV2Input, 'partnerPublicKey'>,
): Promise<SealedBytesV2> {
  return sealToRecipients(input, [input.senderIdentity.publicKey]);
}

async function sealToRecipients(
  input: Omit<SealBytesV2Input, 'partnerPublicKey'>,
  recipientPublicKeys: readonly string[],
): Promise<SealedBytesV2> {
  const subtle = globalThis.crypto.subtle;
  const { aad } = input;
  const iv = randomBytes(NOTE_IV_BYTES);
  const contentKey = randomBytes(CONTENT_KEY_BYTES);
  const aesKey = await subtle.importKey('raw', contentKey, 'AES-GCM', false, ['encrypt']);
  const ciphertext = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    aesKey,
    input.plaintext,
  );
  const recipients: RecipientV2[] = [];
  for (const publicKey of recipientPublicKeys) {
    const sealed = await hpkeSuite().seal(
      {
        recipientPublicKey: await importPublicKey(publicKey),
        senderKey: input.senderIdentity.keyPair,
        info: utf8(input.info),
      },
      contentKey,
      aad,
    );
    recipients.push({
      key_id: await keyIdOfPublicKey(publicKey),
      enc: bytesToBase64Url(new Uint8Array(sealed.enc)),
      wrapped_key: bytesToBase64Url(new Uint8Array(sealed.ct)),
    });
  }
  contentKey.fill(0);
  return {
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
    encryptionData: {
      version: ENCRYPTION_VERSION_V2,
      iv: bytesToBase64Url(iv),
      sender_key_id: await keyIdOfPublicKey(input.senderIdentity.publicKey),
      recipients,
    },
  };
}

export interface OpenBytesV2Input {
  ciphertext: string;
  /** `unknown` on purpose: it comes from the server and is shape-checked here. */
  encryptionData: unknown;
  aad: Uint8Array<ArrayBuffer>;
  info: string;
  myIdentity: IdentityKeys;
  /** The public key the app holds for the claimed sender; auth mode fails for any other key. */
  senderPublicKey: string;
}

/**
 * Opens a v2 envelope. Throws E2eError with reason 'Malformed' (not v2 or wrong sizes),
 * 'NoKeyForThisDevice' (no entry for my key id) or 'Tampered' (any authentication failure:
 * ciphertext, iv, wrapped key, another context's aad or info, or a sender other than the claimed
 * one).
 */
export async function openBytesV2(input: OpenBytesV2Input): Promise<Uint8Array<ArrayBuffer>> {
  const data = input.encryptionData;
  if (!isEncryptionDataV2(data)) throw new E2eError('Malformed');
  const myKeyId = await keyIdOfPublicKey(input.myIdentity.publicKey);
  const entry = data.recipients.find((recipient) => recipient.key_id === myKeyId);
  if (!entry) throw new E2eError('NoKeyForThisDevice');
  const senderKey = await importPublicKey(input.senderPublicKey);
  // A payload claiming another sender key cannot have been sealed by the key we hold for them.
  if (data.sender_key_id !== (await keyIdOfPublicKey(input.senderPublicKey))) {
    throw new E2eError('Tampered');
  }
  const { aad } = input;
  let iv: Uint8Array<ArrayBuffer>;
  let enc: Uint8Array<ArrayBuffer>;
  let wrapped: Uint8Array<ArrayBuffer>;
  let ciphertext: Uint8Array<ArrayBuffer>;
  try {
    iv = base64UrlToBytes(data.iv);
    enc = base64UrlToBytes(entry.enc);
    wrapped = base64UrlToBytes(entry.wrapped_key);
    ciphertext = base64ToBytes(input.ciphertext);
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  try {
    const contentKey = new Uint8Array(
      await hpkeSuite().open(
        {
          recipientKey: input.myIdentity.keyPair,
          enc,
          senderPublicKey: senderKey,
          info: utf8(input.info),
        },
        wrapped,
        aad,
      ),
    );
    const subtle = globalThis.crypto.subtle;
    const aesKey = await subtle.importKey('raw', contentKey, 'AES-GCM', false, ['decrypt']);
    contentKey.fill(0);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: aad },
      aesKey,
      ciphertext,
    );
    return new Uint8Array(plain);
  } catch (cause) {
    throw new E2eError('Tampered', { cause });
  }
}
