import type { WishRound } from '@couple/protocol';
import type { SealedWishBlob } from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import { isNetworkFailure } from '../offline/network.js';
import { withRound, withoutRound } from './device-store.js';
import type { EngineContext } from './engine-context.js';
import { hasNewMatch, nextRoundStep, type RoundRecord, type RoundStep } from './round-step.js';
import { sameSet } from './wish-set.js';
import { asSealed, type RoundBase } from './wish-crypto.js';

/** A newer round superseded this one: its step is dropped without a word. */
const SUPERSEDED = new Set(['wish_round_not_found', 'wish_round_out_of_order']);

/** Rounds this page could not step (a blob that does not open): not tried again on every fetch. */
const failedRounds = new Set<string>();

function base(ctx: EngineContext, roundId: string): RoundBase {
  return {
    roundId,
    couple: ctx.couple,
    identity: ctx.identity,
    partnerPublicKey: ctx.partnerKey.publicKey,
  };
}

/** Handles a refused request; true when it was expected (superseded round, changed key). */
function settleRefusal(ctx: EngineContext, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'partner_key_changed') {
    ctx.onPartnerKeyChanged();
    return true;
  }
  return error.code !== null && SUPERSEDED.has(error.code);
}

/**
 * Starts a round when the set differs from the last round's, and only after the person answered
 * on this device. The record is kept before the offer goes out: the finish needs its set.
 */
export async function startRoundIfChanged(
  ctx: EngineContext,
  currentSet: readonly string[],
): Promise<void> {
  await ctx.exclusive(`wishes-start:${ctx.couple.selfId}`, async () => {
    const held = await ctx.store.load(ctx.couple.selfId);
    if (!held.answeredHere || sameSet(held.lastSet, currentSet)) return;
    const roundId = ctx.newId();
    const items = [...currentSet];
    const offer = await ctx.crypto.startWishRound({ ...base(ctx, roundId), items });
    const record: RoundRecord = { roundId, role: 'initiator', items, step: 'started' };
    await ctx.store.update(ctx.couple.selfId, (current) => withRound(current, record));
    try {
      await ctx.api.startWishRound({ id: roundId, offer });
    } catch (error) {
      await ctx.store.update(ctx.couple.selfId, (current) => withoutRound(current, roundId));
      // Over the couple's round budget (WISH_ROUNDS_PER_HOUR): the set stays unmatched, and the
      // next change, load or list change starts the round again.
      if (error instanceof ApiError && error.code === 'wish_rounds_limited') return;
      if (settleRefusal(ctx, error)) return;
      throw error;
    }
    await ctx.store.update(ctx.couple.selfId, (current) => ({ ...current, lastSet: items }));
  });
}

interface StepInput {
  round: WishRound;
  record: RoundRecord | undefined;
  currentSet: readonly string[];
  previousMatches: readonly string[];
}

/** The partner's blobs open only when sealed by the partner key this device trusts. */
function partnerBlob(ctx: EngineContext, blob: WishRound['offer'] | null): SealedWishBlob {
  const sealed = blob ? asSealed(blob) : null;
  if (!sealed || sealed.encryption_data.sender_key_id !== ctx.partnerKey.keyId) {
    throw new Error('A round message not sealed by the trusted partner key');
  }
  return sealed;
}

function ownBlob(blob: WishRound['offer'] | null): SealedWishBlob {
  const sealed = blob ? asSealed(blob) : null;
  if (!sealed) throw new Error('A round message that is not end-to-end');
  return sealed;
}

async function reply(ctx: EngineContext, { round, currentSet }: StepInput): Promise<void> {
  const items = [...currentSet];
  const answer = await ctx.crypto.replyToWishRound({
    ...base(ctx, round.id),
    offer: partnerBlob(ctx, round.offer),
    items,
  });
  const record: RoundRecord = { roundId: round.id, role: 'responder', items, step: 'replied' };
  // The reply matches this set: no round of this device's own is needed for it.
  await ctx.store.update(ctx.couple.selfId, (current) => ({
    ...withRound(current, record),
    lastSet: items,
  }));
  try {
    await ctx.api.replyWishRound(round.id, { reply: answer });
  } catch (error) {
    // The record stays: the reply may have got there, and another one would be a second reply
    // under the round's scalar. No round has matched this set then: this device starts one.
    await ctx.store.update(ctx.couple.selfId, (current) => ({ ...current, lastSet: null }));
    throw error;
  }
  // From now on the partner's device can learn the matches: a finish is due (unfinished-rounds.ts).
  const repliedAt = Date.now();
  await ctx.store.update(ctx.couple.selfId, (current) =>
    withRound(current, { ...record, repliedAt }),
  );
}

/** The person's new match list, sealed by this device to both partners (any device opens it). */
function sealMatches(ctx: EngineContext, roundId: string, matches: readonly string[]) {
  return ctx.crypto.sealWishMatches({ ...base(ctx, roundId), matches });
}

async function finish(ctx: EngineContext, input: StepInput, record: RoundRecord) {
  const { round } = input;
  const result = await ctx.crypto.finishWishRound({
    ...base(ctx, round.id),
    offer: ownBlob(round.offer),
    reply: partnerBlob(ctx, round.reply),
    items: record.items,
  });
  const matches = await sealMatches(ctx, round.id, result.matches);
  await ctx.api.finishWishRound(round.id, {
    finish: result.finish,
    matches,
    new_match: hasNewMatch(result.matches, input.previousMatches),
  });
  await ctx.store.update(ctx.couple.selfId, (current) =>
    withRound(current, { ...record, step: 'finished' }),
  );
}

async function complete(ctx: EngineContext, { round }: StepInput, record: RoundRecord) {
  const result = await ctx.crypto.completeWishRound({
    ...base(ctx, round.id),
    offer: partnerBlob(ctx, round.offer),
    reply: ownBlob(round.reply),
    finish: partnerBlob(ctx, round.finish),
    items: record.items,
  });
  const matches = await sealMatches(ctx, round.id, result.matches);
  await ctx.api.completeWishRound(round.id, { matches });
  await ctx.store.update(ctx.couple.selfId, (current) =>
    withRound(current, { ...record, step: 'completed' }),
  );
}

/** Another device of the person started or replied: this one goes on with its current set. */
function recordFor(step: RoundStep, input: StepInput): RoundRecord {
  return (
    input.record ?? {
      roundId: input.round.id,
      role: step === 'finish' ? 'initiator' : 'responder',
      items: [...input.currentSet],
      step: step === 'finish' ? 'started' : 'replied',
    }
  );
}

async function takeStep(ctx: EngineContext, step: RoundStep, input: StepInput): Promise<void> {
  if (step === 'reply') return reply(ctx, input);
  const record = recordFor(step, input);
  return step === 'finish' ? finish(ctx, input, record) : complete(ctx, input, record);
}

/**
 * Takes every open round's next step (round-step.ts), each under a lock and decided again inside
 * it from the device's record, so two tabs never take the same step twice.
 */
export async function stepRounds(
  ctx: EngineContext,
  rounds: readonly WishRound[],
  currentSet: readonly string[],
  previousMatches: readonly string[],
): Promise<void> {
  const selfId = ctx.couple.selfId;
  for (const round of rounds) {
    if (failedRounds.has(round.id)) continue;
    await ctx.exclusive(`wishes-round:${round.id}`, async () => {
      const held = await ctx.store.load(selfId);
      const record = held.rounds[round.id];
      const step = nextRoundStep(round, selfId, record, held.answeredHere);
      if (!step) return;
      try {
        await takeStep(ctx, step, { round, record, currentSet, previousMatches });
      } catch (error) {
        if (settleRefusal(ctx, error)) return;
        // Offline or a server hiccup: the next fetch tries again. Anything else would fail again.
        const transient =
          isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500);
        if (!transient) failedRounds.add(round.id);
        ctx.onError(`wish_round_${step}`, error);
      }
    });
  }
}
