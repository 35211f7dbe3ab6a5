import type { QueryClient } from '@tanstack/react-query';
import type { Message, SealedNoteInput } from '@couple/protocol';
import { ENCRYPTION_VERSION, isEncryptionDataV2, type NoteContext } from '@couple/protocol/browser';
import { openNote } from '../notes/open-note.js';
import { fetchKeyState } from '../keys/queries.js';
import { noteSealOf, sealNoteWith } from '../keys/seal.js';
import { isQueuedAnswer, type OutboxItem } from './retry.js';

interface QueuedNote {
  sealed: SealedNoteInput;
  context: NoteContext;
}

/** The sealed note an item carries and what it is bound to; null when there is none to redo. */
function queuedNoteOf(item: OutboxItem): QueuedNote | null {
  if (isQueuedAnswer(item)) {
    const note = item.answer.note;
    if (!note || !item.askerId) return null;
    const context = {
      messageId: item.messageId,
      senderId: item.userId,
      receiverId: item.askerId,
      purpose: 'answer' as const,
    };
    return { sealed: note, context };
  }
  const { desire } = item;
  const { id, receiverId, content, encryptionData } = desire;
  if (!desire.encrypted || !content || !encryptionData || !id || !receiverId) return null;
  const context = { messageId: id, senderId: item.userId, receiverId };
  return { sealed: { content, encryptionData }, context };
}

function storedData(input: SealedNoteInput['encryptionData']): Message['encryption_data'] {
  if (isEncryptionDataV2(input)) return input;
  return input.version === ENCRYPTION_VERSION
    ? { iv: input.iv, salt: input.salt, version: ENCRYPTION_VERSION }
    : null;
}

/**
 * A waiting item the server refused because it was sealed for keys out of date (written
 * offline before the partner's first key arrived, or for a key they since replaced): its note
 * is opened on this device, which wrote it, and sealed again for the keys read afresh, keeping
 * its id. Null when that cannot be done silently: a key this device had accepted was replaced
 * (the person must see the change first), or the note cannot be opened here.
 */
export async function resealQueued(
  queryClient: QueryClient,
  item: OutboxItem,
): Promise<OutboxItem | null> {
  const queued = queuedNoteOf(item);
  if (!queued) return null;
  const { sealed, context } = queued;
  const view = await openNote({
    id: `outbox:${item.id}:${sealed.content}`,
    encrypted: true,
    note: null,
    note_encrypted: sealed.content,
    encryption_data: storedData(sealed.encryptionData),
    context,
  });
  if (view.kind !== 'legacy' && view.kind !== 'e2e') return null;
  const state = await fetchKeyState(queryClient, item.userId, context.receiverId);
  if (state.partnerKeyChanged) return null;
  const note = await sealNoteWith(noteSealOf(state), view.text, context);
  if (isQueuedAnswer(item)) return { ...item, answer: { ...item.answer, note } };
  return {
    ...item,
    desire: { ...item.desire, content: note.content, encryptionData: note.encryptionData },
  };
}
