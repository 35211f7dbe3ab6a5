import { useEffect, useState } from 'react';
import type { Message } from '@couple/protocol';
import { ENCRYPTION_VERSION, TEXTS, decryptNote } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';

export type NoteView =
  { kind: 'none' } | { kind: 'pending' } | { kind: 'plain' | 'encrypted' | 'failed'; text: string };

/** Each message is decrypted once per page life (PBKDF2 costs 100 000 rounds). */
const cache = new Map<string, Promise<NoteView>>();

function decrypt(message: Message): Promise<NoteView> {
  let view = cache.get(message.id);
  if (!view) {
    const data = message.encryption_data;
    // Version 2 (end-to-end) notes need the identity-key library, which this app lacks yet.
    view = (
      data?.version === ENCRYPTION_VERSION && message.note_encrypted
        ? decryptNote(
            { ciphertext: message.note_encrypted, ...data },
            message.sender_id,
            message.receiver_id,
          )
        : Promise.reject(new Error(TEXTS.decryptFailed))
    ).then(
      (text): NoteView => ({ kind: 'encrypted', text }),
      (error: unknown): NoteView => {
        logClientError('decrypt', `${TEXTS.decryptFailed}: ${String(error)}`);
        return { kind: 'failed', text: TEXTS.unableToDecrypt };
      },
    );
    cache.set(message.id, view);
  }
  return view;
}

export function initialView(message: Message): NoteView {
  if (message.encrypted) return { kind: 'pending' };
  return message.note ? { kind: 'plain', text: message.note } : { kind: 'none' };
}

export function useNote(message: Message): NoteView {
  const [view, setView] = useState<NoteView>(() => initialView(message));
  useEffect(() => {
    if (!message.encrypted) return;
    let live = true;
    void decrypt(message).then((result) => live && setView(result));
    return () => {
      live = false;
    };
  }, [message]);
  return message.encrypted ? view : initialView(message);
}
