import type { DesireAnswer, Message } from '@couple/protocol';
import {
  E2eError,
  ENCRYPTION_VERSION,
  ENCRYPTION_VERSION_V2,
  TEXTS,
  decryptNote,
  KEY_TEXTS,
  isEncryptionDataV2,
  openNoteV2,
  type NoteContext,
} from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { onSignOut } from '../../lib/sign-out-hooks.js';
import { getActiveKeys, type ActiveKeys } from '../keys/active-keys.js';
import { isConfirmedSealer } from '../keys/pins.js';

/*
 * Every stored note, a desire's or an answer's, opens here: the inbox shows it, the outbox opens a
 * queued one to seal it again, and the export writes it out. Shared by them, owned by none.
 */

/**
 * - `legacy`: a version 1 note (its key derives from the two user ids: not end-to-end).
 * - `e2e`: a version 2 note, opened with this device's identity key and sealed by a key this
 *   device trusts (its own, or a partner key it pinned).
 * - `unconfirmed`: a version 2 note sealed by `keyId`, which this device never accepted: its
 *   text (null when no key of that id is known) is shown under a warning, never as end-to-end.
 * - `locked`: a version 2 note this device holds no key for (link the device to read it).
 */
export type NoteView =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'plain' | 'legacy' | 'e2e' | 'failed' | 'locked'; text: string }
  | { kind: 'unconfirmed'; text: string | null; keyId: string };

/**
 * A stored note, a desire's or an answer's, with what binds it: who wrote it to whom, about
 * which desire. `id` names it for the cache.
 */
export interface SealedNote {
  id: string;
  encrypted: boolean;
  note: string | null;
  note_encrypted: string | null;
  encryption_data: Message['encryption_data'];
  context: NoteContext;
}

export function desireNote(message: Message): SealedNote {
  return {
    id: message.id,
    encrypted: message.encrypted,
    note: message.note,
    note_encrypted: message.note_encrypted,
    encryption_data: message.encryption_data,
    context: {
      messageId: message.id,
      senderId: message.sender_id,
      receiverId: message.receiver_id,
    },
  };
}

/** An answer's note is written by the desire's receiver to its sender; it is always encrypted. */
export function answerNote(message: Message, answer: DesireAnswer): SealedNote {
  return {
    id: `answer:${message.id}:${answer.note_encrypted ?? ''}`,
    encrypted: answer.note_encrypted !== null,
    note: null,
    note_encrypted: answer.note_encrypted,
    encryption_data: answer.encryption_data,
    context: {
      messageId: message.id,
      senderId: message.receiver_id,
      receiverId: message.sender_id,
      purpose: 'answer',
    },
  };
}

/** Each note is opened once per session and set of keys (PBKDF2 costs 100 000 rounds). */
const cache = new Map<string, Promise<NoteView>>();
// The opened texts are the signed-out person's: none stays in this page after sign-out.
onSignOut({ name: 'notes', clear: () => cache.clear() });

function failed(error: unknown): NoteView {
  logClientError('decrypt', `${TEXTS.decryptFailed}: ${String(error)}`);
  return { kind: 'failed', text: TEXTS.unableToDecrypt };
}

function openV1(sealed: SealedNote): Promise<NoteView> {
  const data = sealed.encryption_data;
  if (data?.version !== ENCRYPTION_VERSION || !sealed.note_encrypted) {
    return Promise.resolve(failed(new Error('Not a version 1 note')));
  }
  return decryptNote(
    { ciphertext: sealed.note_encrypted, ...data },
    sealed.context.senderId,
    sealed.context.receiverId,
  ).then((text): NoteView => ({ kind: 'legacy', text }), failed);
}

/**
 * Tries each of the device's identities named as a recipient: a replaced key still opens. The
 * sender's key comes from this device's trusted keys; one only the server's history names opens
 * the note but cannot vouch for who wrote it.
 */
async function openV2(sealed: SealedNote, keys: ActiveKeys): Promise<NoteView> {
  const data: unknown = sealed.encryption_data;
  if (!isEncryptionDataV2(data) || !sealed.note_encrypted) return failed(new Error('Malformed'));
  const keyId = data.sender_key_id;
  const confirmed = isConfirmedSealer(keyId, keys.trustedSenders);
  const senderPublicKey = keys.trustedSenders.get(keyId) ?? keys.publicKeys.get(keyId);
  const named = new Set(data.recipients.map((recipient) => recipient.key_id));
  const mine = keys.identities.find((identity) => named.has(identity.keyId));
  if (!mine) return { kind: 'locked', text: KEY_TEXTS.noteLocked };
  if (!senderPublicKey) return { kind: 'unconfirmed', text: null, keyId };
  try {
    const text = await openNoteV2({
      ...sealed.context,
      noteEncrypted: sealed.note_encrypted,
      encryptionData: data,
      myIdentity: mine,
      senderPublicKey,
    });
    return confirmed ? { kind: 'e2e', text } : { kind: 'unconfirmed', text, keyId };
  } catch (error) {
    if (error instanceof E2eError && error.reason === 'NoKeyForThisDevice') {
      return { kind: 'locked', text: KEY_TEXTS.noteLocked };
    }
    return failed(error);
  }
}

export function isEndToEnd(sealed: SealedNote): boolean {
  return sealed.encrypted && sealed.encryption_data?.version === ENCRYPTION_VERSION_V2;
}

/** Opens any stored note; the inbox, the outbox's resealing and the export share it. */
export function openNote(
  sealed: SealedNote,
  keys: ActiveKeys = getActiveKeys(),
): Promise<NoteView> {
  if (!sealed.encrypted) return Promise.resolve(initialView(sealed));
  const v2 = isEndToEnd(sealed);
  const cacheKey = v2 ? `${sealed.id}:${keys.version}` : sealed.id;
  let view = cache.get(cacheKey);
  if (!view) {
    view = v2 ? openV2(sealed, keys) : openV1(sealed);
    cache.set(cacheKey, view);
  }
  return view;
}

export function initialView(sealed: SealedNote): NoteView {
  if (sealed.encrypted) return { kind: 'pending' };
  return sealed.note ? { kind: 'plain', text: sealed.note } : { kind: 'none' };
}
