import type { AnswerBody, DesireAnswer } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { selectCurrentKeys } from '../keys/repository.js';
import { selectWindowOf } from '../quiet/repository.js';
import { answerNoteRefusal } from './note-keys.js';
import * as repo from './repository.js';

function noteChangeOf(body: AnswerBody): repo.AnswerNoteChange {
  if (body.note === undefined) return { kind: 'keep' };
  if (body.note === null) return { kind: 'remove' };
  return { kind: 'set', ...body.note };
}

/** A new note must follow the end-to-end rules a desire's note follows. */
async function checkNoteKeys(
  tx: Queryable,
  userId: string,
  messageId: string,
  note: repo.AnswerNoteChange,
): Promise<void> {
  if (note.kind !== 'set') return;
  const askerId = await repo.selectAskerOf(tx, userId, messageId);
  if (!askerId) throw new HttpError('message_not_found');
  const keys = await selectCurrentKeys(tx, userId);
  // Row-level security shows the current partner's key only: a former partner has none here.
  const askerIsPartner = (await repo.selectPartnerOf(tx, userId)) === askerId;
  const refusal = answerNoteRefusal(
    { own: keys.own, asker: askerIsPartner ? keys.partner : null },
    note.encryptionData,
  );
  if (refusal) throw new HttpError(refusal);
}

/**
 * The receiver answers a desire (or changes the answer). A desire the caller did not receive is
 * not found, whoever sent it. Its note arrives encrypted and is stored as given. Both partners
 * are told after the commit; the sender also by push (never with the note).
 */
export async function answerDesire(
  ctx: AppContext,
  userId: string,
  messageId: string,
  body: AnswerBody,
): Promise<DesireAnswer> {
  const note = noteChangeOf(body);
  const stored = await ctx.db.asUser(userId, async (tx) => {
    await checkNoteKeys(tx, userId, messageId, note);
    const answer = await repo.upsertAnswer(tx, userId, messageId, body.choice, note);
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
