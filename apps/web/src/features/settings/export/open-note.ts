import type { Message } from '@couple/protocol';
import { ENCRYPTION_VERSION, decryptNote } from '@couple/protocol/browser';

/**
 * Today's opener: version 1 notes, as the inbox opens them (features/inbox/decrypt.ts). Version 2
 * (end-to-end) notes need this device's identity key; until the keys feature hands settings its
 * opener, they are exported without their text and with this reason.
 */
export async function openNoteV1(message: Message): Promise<string | null> {
  const data = message.encryption_data;
  if (!message.note_encrypted || !data) return null;
  if (data.version !== ENCRYPTION_VERSION) {
    throw new Error(`encryption version ${data.version} cannot be opened by this export yet`);
  }
  return decryptNote(
    { ciphertext: message.note_encrypted, ...data },
    message.sender_id,
    message.receiver_id,
  );
}
