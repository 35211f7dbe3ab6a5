import { api, type OutgoingAnswer } from '../../lib/api.js';
import { enqueueAnswer, withWaitingNote } from '../outbox/outbox.js';
import { answerItemId, isRetryable } from '../outbox/retry.js';
import { deleteOutboxItem } from '../outbox/store.js';

export type AnswerResult = 'sent' | 'queued';

/**
 * Sends an answer, or keeps it in the outbox when the server cannot be reached (it is sent by
 * itself later; a refusal is final and shown). An answer sent now also drops an older one still
 * waiting for the same desire, which would otherwise overwrite it when it goes.
 */
export async function sendAnswer(
  userId: string,
  messageId: string,
  given: OutgoingAnswer,
): Promise<AnswerResult> {
  const answer = await withWaitingNote(userId, messageId, given);
  try {
    await api.answerDesire(messageId, answer);
  } catch (error) {
    if (!isRetryable(error)) throw error;
    await enqueueAnswer(userId, messageId, answer);
    return 'queued';
  }
  await deleteOutboxItem(answerItemId(messageId));
  return 'sent';
}
