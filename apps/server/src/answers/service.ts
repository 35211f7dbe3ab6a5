import type { AnswerChoice, DesireAnswer } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { selectWindowOf } from '../quiet/repository.js';
import * as repo from './repository.js';

/**
 * The receiver answers a desire (or changes the answer). A desire the caller did not receive is
 * not found, whoever sent it. Both partners are told after the commit; the sender also by push.
 */
export async function answerDesire(
  ctx: AppContext,
  userId: string,
  messageId: string,
  choice: AnswerChoice,
): Promise<DesireAnswer> {
  const stored = await ctx.db.asUser(userId, async (tx) => {
    const answer = await repo.upsertAnswer(tx, userId, messageId, choice);
    if (!answer) return null;
    return {
      answer,
      username: await repo.selectUsername(tx, userId),
      askerQuietHours: await selectWindowOf(tx, answer.asker_id),
    };
  });
  if (!stored) throw new HttpError('message_not_found');
  const { asker_id: askerId, ...answer } = stored.answer;
  ctx.events.emit('desireAnswered', {
    answer,
    answererId: userId,
    askerId,
    answererUsername: stored.username ?? 'Your partner',
    askerQuietHours: stored.askerQuietHours,
  });
  return answer;
}
