import type { ApiParsedBody, WishRound } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { decideDelivery } from '../delivery/decide.js';
import { selectRecipientFacts } from '../delivery/repository.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';
import { checkSealedToCouple, createOnce, sameBlob } from './sealed.js';
import { lockedCouple, tellCouple, type Couple } from './service.js';

/*
 * A round of private matching, relayed sealed (docs/api.md, "Wishes"): the initiator's offer,
 * the responder's reply, the initiator's finish with its own match list, the responder's
 * complete with its match list, which closes the round. Each step is its side's, once, in
 * order; the same step again with the same blob answers as the first time did (a retry).
 */

type Side = 'initiator' | 'responder';

/** The round, seen from one side; unknown, closed, another couple's or the other side's: none. */
async function roundOfSide(
  tx: Queryable,
  userId: string,
  id: string,
  side: Side,
): Promise<WishRound> {
  const round = await repo.selectRound(tx, id);
  if (!round || round[`${side}_id`] !== userId) throw new HttpError('wish_round_not_found');
  return round;
}

/**
 * Starts a round. Newest wins: every other open round of the couple is deleted, so that two
 * offers at once (one from each side) leave exactly one round, the later one. The couple's rounds
 * are limited (WISH_ROUNDS_PER_MINUTE, WISH_ROUNDS_PER_HOUR), both partners' together: an
 * initiator learns the matches before it finishes, so rounds started only to probe are bounded.
 */
export async function startWishRound(
  ctx: AppContext,
  userId: string,
  body: ApiParsedBody<'startWishRound'>,
): Promise<WishRound> {
  const { row, created, partnerId } = await ctx.db.asUser(userId, async (tx) => {
    const couple = await lockedCouple(tx, userId);
    const once = await createOnce(
      await repo.selectRound(tx, body.id),
      (stored) => stored.initiator_id === userId && sameBlob(stored.offer, body.offer),
      async () => {
        checkSealedToCouple(couple, [body.offer]);
        const inserted = await repo.insertRound(tx, {
          id: body.id,
          initiatorId: userId,
          responderId: couple.partnerId,
          offer: body.offer,
        });
        if (!inserted) return null;
        // Counted once the round is made (a retry or a taken id costs nothing); a refusal rolls
        // the insert back.
        await ctx.limits.takeWishRound(userId, couple.partnerId);
        // Newest wins: the couple's other open rounds go.
        await repo.deleteOtherRounds(tx, inserted.id);
        return inserted;
      },
    );
    return { ...once, partnerId: couple.partnerId };
  });
  if (created) tellCouple(ctx, userId, partnerId, 'round');
  return row;
}

export async function replyWishRound(
  ctx: AppContext,
  userId: string,
  id: string,
  body: ApiParsedBody<'replyWishRound'>,
): Promise<WishRound> {
  const { round, partnerId, written } = await ctx.db.asUser(userId, async (tx) => {
    const couple = await lockedCouple(tx, userId);
    const open = await roundOfSide(tx, userId, id, 'responder');
    if (open.reply) {
      if (sameBlob(open.reply, body.reply) && !open.finish) {
        return { round: open, partnerId: couple.partnerId, written: false };
      }
      throw new HttpError('wish_round_out_of_order');
    }
    checkSealedToCouple(couple, [body.reply]);
    const replied = await repo.updateRoundStep(tx, id, 'reply', body.reply);
    return { round: replied, partnerId: couple.partnerId, written: true };
  });
  if (written) tellCouple(ctx, userId, partnerId, 'round');
  return round;
}

/** What telling both partners of a new match needs, read with the match list. */
async function matchRecipients(tx: Queryable, couple: Couple, userId: string) {
  const people = await selectRecipientFacts(tx, [userId, couple.partnerId]);
  return people.filter((person) => person !== null);
}

/**
 * The initiator's last step: the finish for the responder and its own match list. new_match,
 * the one bit the server learns of a round, tells both partners (live and push) of a new match.
 */
export async function finishWishRound(
  ctx: AppContext,
  userId: string,
  id: string,
  body: ApiParsedBody<'finishWishRound'>,
): Promise<WishRound> {
  const outcome = await ctx.db.asUser(userId, async (tx) => {
    const couple = await lockedCouple(tx, userId);
    const open = await roundOfSide(tx, userId, id, 'initiator');
    if (!open.reply) throw new HttpError('wish_round_out_of_order');
    if (open.finish) {
      if (sameBlob(open.finish, body.finish)) return { round: open, couple, told: null };
      throw new HttpError('wish_round_out_of_order');
    }
    checkSealedToCouple(couple, [body.finish, body.matches]);
    const finished = await repo.updateRoundStep(tx, id, 'finish', body.finish);
    await repo.upsertOwnMatchSet(tx, {
      userId,
      partnerId: couple.partnerId,
      roundId: id,
      matches: body.matches,
    });
    const told = body.new_match ? await matchRecipients(tx, couple, userId) : [];
    return { round: finished, couple, told };
  });
  const { round, couple, told } = outcome;
  if (told === null) return round;
  tellCouple(ctx, userId, couple.partnerId, 'round');
  if (told.length > 0) {
    const notify = await Promise.all(
      told.map((person) => ctx.limits.takeMatchNotice(person.userId)),
    );
    const now = ctx.clock.now();
    const people = told.map((person, i) => decideDelivery('wishMatch', person, now, notify[i]));
    ctx.events.emit('wishMatched', { roundId: id, people });
  }
  return round;
}

/**
 * The responder's last step: its own match list; the round is closed (deleted). Repeated with
 * the same list after the round closed, it answers as the first time did.
 */
export async function completeWishRound(
  ctx: AppContext,
  userId: string,
  id: string,
  body: ApiParsedBody<'completeWishRound'>,
): Promise<void> {
  const partnerId = await ctx.db.asUser(userId, async (tx) => {
    const couple = await lockedCouple(tx, userId);
    const round = await repo.selectRound(tx, id);
    if (!round) {
      const own = await repo.selectOwnMatchSet(tx, userId);
      if (own?.round_id === id && sameBlob(own.matches, body.matches)) return null;
      throw new HttpError('wish_round_not_found');
    }
    if (round.responder_id !== userId) throw new HttpError('wish_round_not_found');
    if (!round.finish) throw new HttpError('wish_round_out_of_order');
    checkSealedToCouple(couple, [body.matches]);
    await repo.upsertOwnMatchSet(tx, {
      userId,
      partnerId: couple.partnerId,
      roundId: id,
      matches: body.matches,
    });
    await repo.deleteRound(tx, id);
    return couple.partnerId;
  });
  if (partnerId !== null) tellCouple(ctx, userId, partnerId, 'matches');
}
