import type { QueryClient } from '@tanstack/react-query';
import type { ApiBody, AnswerChoice, Message, SealedNoteInput } from '@couple/protocol';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { fetchKeyState } from '../keys/queries.js';
import { isStaleKeyError } from '../keys/stale-key.js';
import { NoteSealError, noteSealOf, sealNoteWith } from '../keys/seal.js';
import { sendAnswer, type AnswerResult } from './send-answer.js';
import { i18n } from '../../lib/i18n.js';

/** An answer as the person gives it: the note left as it is (undefined), removed (null), or set. */
export interface AnswerDraft {
  choice: AnswerChoice;
  note?: string | null;
}

/**
 * Seals the note for the desire's sender with the keys the app holds (offline too), or read
 * afresh; the context marks it as this desire's answer, written by its receiver.
 */
async function sealAnswerNote(
  queryClient: QueryClient,
  userId: string,
  message: Message,
  text: string,
  partnerName: string,
  cached: boolean,
): Promise<SealedNoteInput> {
  const state = await fetchKeyState(queryClient, userId, message.sender_id, { cached });
  if (state.partnerKeyChanged) {
    const text = state.partnerKeyIsOwn ? KEY_TEXTS.partnerKeyIsOwn : KEY_TEXTS.keyChanged;
    throw new NoteSealError(i18n._(text, { name: partnerName }));
  }
  return sealNoteWith(noteSealOf(state), text, {
    messageId: message.id,
    senderId: userId,
    receiverId: message.sender_id,
    purpose: 'answer',
  });
}

/**
 * Answers a received desire: seals its note (never sent plain), then sends it or keeps it in
 * the outbox. A note refused for out-of-date keys is sealed once more with keys read afresh.
 */
export async function submitAnswer(
  queryClient: QueryClient,
  userId: string,
  message: Message,
  draft: AnswerDraft,
  partnerName: string,
): Promise<AnswerResult> {
  const text = typeof draft.note === 'string' ? draft.note.trim() : draft.note;
  const send = async (cached: boolean) => {
    const answer: ApiBody<'answerDesire'> = { choice: draft.choice };
    if (text === null || text === '') answer.note = null;
    else if (text !== undefined) {
      answer.note = await sealAnswerNote(queryClient, userId, message, text, partnerName, cached);
    }
    return sendAnswer(userId, { id: message.id, senderId: message.sender_id }, answer);
  };
  try {
    return await send(true);
  } catch (error) {
    if (typeof text !== 'string' || !isStaleKeyError(error)) throw error;
    return send(false);
  }
}
