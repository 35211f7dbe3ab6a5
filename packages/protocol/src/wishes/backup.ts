/**
 * A person's wish backup, sealed to their own key (issue 39): the v2 envelope with one recipient,
 * the account's identity key, in HPKE auth mode from that same key. Only a holder of the key
 * (the person's own devices) opens it, and only a holder can have sealed it, so the server can
 * neither read answers nor plant any. The additional data binds it to the user and the key id.
 */
import { base64ToBytes, bytesToBase64 } from '../crypto.js';
import { base64UrlToBytes, bytesToBase64Url, utf8 } from '../e2e/encoding.js';
import type { Identity } from '../e2e/identity.js';
import { openBytesV2, sealBytesV2ToSelf, type EncryptionDataV2 } from '../e2e/sealed-bytes.js';
import { E2eError } from '../e2e/suite.js';
import {
  ENCRYPTION_VERSION_V2,
  ENC_B64URL_LENGTH,
  KEY_ID_B64URL_LENGTH,
  NOTE_IV_B64URL_LENGTH,
  WRAPPED_KEY_B64URL_LENGTH,
} from '../e2e/constants.js';
import { WISH_BACKUP_CONTENT_LENGTH, WISH_BACKUP_HPKE_INFO } from './constants.js';
import { decodeWishSnapshot, encodeWishSnapshot, type WishSnapshot } from './backup-layout.js';
import { assertWishId } from './psi.js';

/** A backup as the server stores it: the sealed string and the key id it is sealed to. */
export interface SealedWishBackup {
  content: string;
  key_id: string;
}

const KEY_ID = new RegExp(`^[A-Za-z0-9_-]{${KEY_ID_B64URL_LENGTH}}$`);

function backupAad(userId: string, keyId: string): Uint8Array<ArrayBuffer> {
  assertWishId(userId, 'user id');
  if (!KEY_ID.test(keyId)) throw new RangeError('Invalid key id');
  return utf8(`wish-backup|${userId}|${keyId}`);
}

/** Seals a snapshot that fits (fitWishSnapshot) to the identity's own key. */
export async function sealWishBackup(input: {
  userId: string;
  identity: Identity;
  snapshot: WishSnapshot;
}): Promise<SealedWishBackup> {
  const { identity } = input;
  const sealed = await sealBytesV2ToSelf({
    plaintext: encodeWishSnapshot(input.snapshot),
    aad: backupAad(input.userId, identity.keyId),
    info: WISH_BACKUP_HPKE_INFO,
    senderIdentity: identity,
  });
  const [self] = sealed.encryptionData.recipients;
  if (!self) throw new Error('A backup has its one recipient');
  const ciphertext = bytesToBase64Url(base64ToBytes(sealed.ciphertext));
  const { iv } = sealed.encryptionData;
  return {
    content: [iv, self.enc, self.wrapped_key, ciphertext].join('.'),
    key_id: identity.keyId,
  };
}

const PARTS = [NOTE_IV_B64URL_LENGTH, ENC_B64URL_LENGTH, WRAPPED_KEY_B64URL_LENGTH];

/**
 * Opens a backup with the identity of the key it names. Throws E2eError: 'NoKeyForThisDevice'
 * for another key id than the identity's, 'Malformed' for a wrong shape or length, 'Tampered'
 * when it does not authenticate (changed bytes, another user's or key id's, sealed by any other
 * key).
 */
export async function openWishBackup(input: {
  userId: string;
  identity: Identity;
  sealed: SealedWishBackup;
}): Promise<WishSnapshot> {
  const { content, key_id: keyId } = input.sealed;
  if (keyId !== input.identity.keyId) throw new E2eError('NoKeyForThisDevice');
  if (content.length !== WISH_BACKUP_CONTENT_LENGTH) throw new E2eError('Malformed');
  const parts = content.split('.');
  if (parts.length !== 4 || PARTS.some((length, index) => parts[index]?.length !== length)) {
    throw new E2eError('Malformed');
  }
  const [iv, enc, wrapped, ciphertext] = parts as [string, string, string, string];
  let ciphertextBase64: string;
  try {
    ciphertextBase64 = bytesToBase64(base64UrlToBytes(ciphertext));
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  const encryptionData: EncryptionDataV2 = {
    version: ENCRYPTION_VERSION_V2,
    iv,
    sender_key_id: keyId,
    recipients: [{ key_id: keyId, enc, wrapped_key: wrapped }],
  };
  const plain = await openBytesV2({
    ciphertext: ciphertextBase64,
    encryptionData,
    aad: backupAad(input.userId, keyId),
    info: WISH_BACKUP_HPKE_INFO,
    myIdentity: input.identity,
    senderPublicKey: input.identity.publicKey,
  });
  return decodeWishSnapshot(plain);
}
