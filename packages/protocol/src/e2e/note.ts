import { NOTE_MAX } from '../constants.js';
import { NOTE_HPKE_INFO } from './constants.js';
import { utf8 } from './encoding.js';
import { type IdentityKeys } from './identity.js';
import { openBytesV2, sealBytesV2, type EncryptionDataV2 } from './sealed-bytes.js';
import { E2eError } from './suite.js';

export { isEncryptionDataV2, type EncryptionDataV2 } from './sealed-bytes.js';

export interface NoteContext {
  messageId: string;
  senderId: string;
  receiverId: string;
  /**
   * What the note belongs to: a desire (the default) or the answer to the desire `messageId`,
   * written by `senderId` (its receiver). A note cannot be moved from one to the other.
   */
  purpose?: 'desire' | 'answer';
}

/** Binds the note and each wrapped key to one message (or its answer) between two people. */
function noteAad({
  messageId,
  senderId,
  receiverId,
  purpose,
}: NoteContext): Uint8Array<ArrayBuffer> {
  const prefix = purpose === 'answer' ? 'answer|' : '';
  return utf8(`${prefix}${messageId}|${senderId}|${receiverId}`);
}

export interface SealNoteV2Input extends NoteContext {
  note: string;
  senderIdentity: IdentityKeys;
  partnerPublicKey: string;
}

export interface SealedNoteV2 {
  /** AES-256-GCM ciphertext and tag, standard base64 with padding (as v1). */
  noteEncrypted: string;
  encryptionData: EncryptionDataV2;
}

export async function sealNoteV2(input: SealNoteV2Input): Promise<SealedNoteV2> {
  if (input.note.length > NOTE_MAX) {
    throw new RangeError(`Note must be at most ${NOTE_MAX} characters`);
  }
  const sealed = await sealBytesV2({
    plaintext: utf8(input.note),
    aad: noteAad(input),
    info: NOTE_HPKE_INFO,
    senderIdentity: input.senderIdentity,
    partnerPublicKey: input.partnerPublicKey,
  });
  return { noteEncrypted: sealed.ciphertext, encryptionData: sealed.encryptionData };
}

export interface OpenNoteV2Input extends NoteContext {
  noteEncrypted: string;
  /** `unknown` on purpose: it comes from the server and is shape-checked here. */
  encryptionData: unknown;
  myIdentity: IdentityKeys;
  /** The public key the app holds for the claimed sender; auth mode fails for any other key. */
  senderPublicKey: string;
}

/**
 * Opens a v2 note. Throws E2eError with reason 'Malformed' (not v2 or wrong sizes),
 * 'NoKeyForThisDevice' (no entry for my key id) or 'Tampered' (any authentication failure:
 * ciphertext, iv, wrapped key, another message's ids, or a sender other than the claimed one).
 */
export async function openNoteV2(input: OpenNoteV2Input): Promise<string> {
  const plain = await openBytesV2({
    ciphertext: input.noteEncrypted,
    encryptionData: input.encryptionData,
    aad: noteAad(input),
    info: NOTE_HPKE_INFO,
    myIdentity: input.myIdentity,
    senderPublicKey: input.senderPublicKey,
  });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (cause) {
    throw new E2eError('Tampered', { cause });
  }
}
