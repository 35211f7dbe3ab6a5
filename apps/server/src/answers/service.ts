import type { AnswerBody, DesireAnswer } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { decideDelivery } from '../delivery/decide.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';

function noteChangeOf(body: AnswerBody): repo.AnswerNoteChange {
  if (body.note === undefined) return { kind: 'keep' };
  if (body.note === null) return { kind: 'remove' };
  return { kind: 'set', ...body.note };
}

const REFUSALS = {
  not_found: 'message_not_found',
  no_partner: 'no_partner_connection',
  upgrade_required: 'encryption_upgrade_required',
  key_changed: 'partner_key_changed',
} as const;

/**
 * The receiver answers a desire (or changes the answer). A desire the caller did not receive is
 * not found, whoever sent it; one from someone who is no longer the caller's partner is refused.
 * Each answer spends from the sender's desire budget, as it notifies the asker as a desire does.
 * Its note arrives encrypted and is stored as given, under the end-to-end rules of a desire's
 * note (answer_desire, migrations 019 and 025). Both partners are told after the commit; the
 * sender also by push (never with the note), decided with what the answer's statement read of
 * them: only while still the answerer's partner.
 */
export async function answerDesire(
  ctx: AppContext,
  userId: string,
  messageId: string,
  body: AnswerBody,
): Promise<DesireAnswer> {
  await ctx.limits.takeDesire(userId);
  const stored = await ctx.db.asUser(userId, (tx) =>
    repo.answerDesireAs(tx, messageId, body.choice, noteChangeOf(body)),
  );
  if (stored.outcome !== 'answered') throw new HttpError(REFUSALS[stored.outcome]);
  ctx.events.emit('desireAnswered', {
    answer: stored.answer,
    answererId: userId,
    answererUsername: stored.answererUsername ?? 'Your partner',
    asker: decideDelivery('answer', stored.asker, ctx.clock.now()),
  });
  return stored.answer;
}
