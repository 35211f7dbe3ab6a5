import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Message } from '@couple/protocol';
import {
  E2eError,
  ENCRYPTION_VERSION,
  ENCRYPTION_VERSION_V2,
  TEXTS,
  decryptNote,
  KEY_TEXTS,
  isEncryptionDataV2,
  openNoteV2,
} from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { getActiveKeys, subscribeActiveKeys, type ActiveKeys } from '../keys/active-keys.js';

/**
 * - `legacy`: a version 1 note (its key derives from the two user ids: not end-to-end).
 * - `e2e`: a version 2 note, opened with this device's identity key.
 * - `locked`: a version 2 note this device holds no key for (link the device to read it).
 */
export type NoteView =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'plain' | 'legacy' | 'e2e' | 'failed' | 'locked'; text: string };

/** Each note is opened once per page life and set of keys (PBKDF2 costs 100 000 rounds). */
const cache = new Map<string, Promise<NoteView>>();

function failed(error: unknown): NoteView {
  logClientError('decrypt', `${TEXTS.decryptFailed}: ${String(error)}`);
  return { kind: 'failed', text: TEXTS.unableToDecrypt };
}

function openV1(message: Message): Promise<NoteView> {
  const data = message.encryption_data;
  if (data?.version !== ENCRYPTION_VERSION || !message.note_encrypted) {
    return Promise.resolve(failed(new Error('Not a version 1 note')));
  }
  return decryptNote(
    { ciphertext: message.note_encrypted, ...data },
    message.sender_id,
    message.receiver_id,
  ).then((text): NoteView => ({ kind: 'legacy', text }), failed);
}

/** Tries each of the device's identities named as a recipient: a replaced key still opens. */
async function openV2(message: Message, keys: ActiveKeys): Promise<NoteView> {
  const data: unknown = message.encryption_data;
  if (!isEncryptionDataV2(data) || !message.note_encrypted) return failed(new Error('Malformed'));
  const senderPublicKey = keys.publicKeys.get(data.sender_key_id);
  const named = new Set(data.recipients.map((recipient) => recipient.key_id));
  const mine = keys.identities.find((identity) => named.has(identity.keyId));
  if (!mine) return { kind: 'locked', text: KEY_TEXTS.noteLocked };
  if (!senderPublicKey) return failed(new Error('Unknown sender key'));
  try {
    const text = await openNoteV2({
      messageId: message.id,
      senderId: message.sender_id,
      receiverId: message.receiver_id,
      noteEncrypted: message.note_encrypted,
      encryptionData: data,
      myIdentity: mine,
      senderPublicKey,
    });
    return { kind: 'e2e', text };
  } catch (error) {
    if (error instanceof E2eError && error.reason === 'NoKeyForThisDevice') {
      return { kind: 'locked', text: KEY_TEXTS.noteLocked };
    }
    return failed(error);
  }
}

export function isEndToEnd(message: Message): boolean {
  return message.encrypted && message.encryption_data?.version === ENCRYPTION_VERSION_V2;
}

/** Opens any stored note; the export and the inbox share it. */
export function openNote(message: Message, keys: ActiveKeys = getActiveKeys()): Promise<NoteView> {
  if (!message.encrypted) return Promise.resolve(initialView(message));
  const v2 = isEndToEnd(message);
  const cacheKey = v2 ? `${message.id}:${keys.version}` : message.id;
  let view = cache.get(cacheKey);
  if (!view) {
    view = v2 ? openV2(message, keys) : openV1(message);
    cache.set(cacheKey, view);
  }
  return view;
}

export function initialView(message: Message): NoteView {
  if (message.encrypted) return { kind: 'pending' };
  return message.note ? { kind: 'plain', text: message.note } : { kind: 'none' };
}

export function useNote(message: Message): NoteView {
  const keys = useSyncExternalStore(subscribeActiveKeys, getActiveKeys);
  const [view, setView] = useState<NoteView>(() => initialView(message));
  // A v2 note waits for the keyring; opening it before would call it locked.
  const waiting = isEndToEnd(message) && !keys.loaded;
  useEffect(() => {
    if (!message.encrypted || waiting) return;
    let live = true;
    void openNote(message, keys).then((result) => live && setView(result));
    return () => {
      live = false;
    };
  }, [message, keys, waiting]);
  return message.encrypted ? view : initialView(message);
}
