import type { ApiBody } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { enqueueAnswer, queueOrThrow, withWaitingNote } from '../outbox/outbox.js';
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
  desire: { id: string; senderId: string },
  given: ApiBody<'answerDesire'>,
): Promise<AnswerResult> {
  const answer = await withWaitingNote(userId, desire.id, given);
  try {
    await call('answerDesire', { params: { id: desire.id }, body: answer });
  } catch (error) {
    if (!isRetryable(error)) throw error;
    await queueOrThrow(() => enqueueAnswer(userId, desire, answer), error);
    return 'queued';
  }
  // Nothing can be waiting where storage is refused; the answer went all the same.
  await deleteOutboxItem(answerItemId(desire.id)).catch(() => undefined);
  return 'sent';
}
