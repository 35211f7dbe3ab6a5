import type { WishesState } from '@couple/protocol';
import { WISH_ROUND_FINISH_WAIT_MINUTES } from '@couple/protocol/browser';
import type { DeviceWishes } from './device-store.js';
import type { EngineContext } from './engine-context.js';
import type { RoundRecord } from './round-step.js';

/*
 * The partner's device learns the matches of a round as soon as this device's reply reaches it,
 * before it sends its finish (docs/security.md, "What each side learns"). A modified client can
 * start rounds only to probe and never finish them; this device counts them, so the Wishes
 * screen can say so (docs/decisions.md, "Unfinished rounds are counted on the responder's
 * device"). Only rounds this device replied to, and whose reply the server took, are counted:
 * - still open without a finish WISH_ROUND_FINISH_WAIT_MINUTES after the reply: counted until
 *   the finish comes (the partner's device was perhaps closed);
 * - gone without a finish seen here (deleted, or replaced by the partner's newer round): counted
 *   for good, unless this person's own match list is from it (another device of theirs
 *   completed it) or an open round of this person's own replaced it.
 */

const WAIT_MS = WISH_ROUND_FINISH_WAIT_MINUTES * 60 * 1000;

type Verdict = 'finished' | 'overdue' | 'ended' | 'replaced-here' | 'waiting';

function verdictOf(
  record: RoundRecord,
  repliedAt: number,
  state: Pick<WishesState, 'rounds' | 'matches'>,
  selfId: string,
  now: number,
): Verdict {
  const round = state.rounds.find((open) => open.id === record.roundId);
  if (round) {
    if (round.finish !== null) return 'finished';
    return round.reply !== null && now - repliedAt >= WAIT_MS ? 'overdue' : 'waiting';
  }
  if (state.matches?.round_id === record.roundId) return 'finished';
  const ownOpen = state.rounds.some((open) => open.initiator_id === selfId);
  return ownOpen ? 'replaced-here' : 'ended';
}

/** The device's records and count after looking at the couple's open rounds at `now`. */
export function withUnfinishedCounted(
  current: DeviceWishes,
  state: Pick<WishesState, 'rounds' | 'matches'>,
  now: number,
): DeviceWishes {
  let count = current.unfinishedRounds;
  let changed = false;
  const rounds = { ...current.rounds };
  for (const record of Object.values(current.rounds)) {
    const { repliedAt } = record;
    if (record.role !== 'responder' || repliedAt === undefined || record.settled) continue;
    const verdict = verdictOf(record, repliedAt, state, current.userId, now);
    if (verdict === 'waiting') continue;
    const counted = verdict === 'overdue' || verdict === 'ended';
    const next: RoundRecord = { ...record };
    delete next.unfinished;
    if (counted) next.unfinished = true;
    if (verdict !== 'overdue') next.settled = true;
    if (counted && !record.unfinished) count += 1;
    if (!counted && record.unfinished) count -= 1;
    if (next.unfinished === record.unfinished && next.settled === record.settled) continue;
    rounds[record.roundId] = next;
    changed = true;
  }
  return changed ? { ...current, rounds, unfinishedRounds: count } : current;
}

/** Counts this device's unfinished rounds against the couple's open rounds; writes on a change. */
export async function countUnfinishedRounds(
  ctx: EngineContext,
  state: Pick<WishesState, 'rounds' | 'matches'>,
  now: number = Date.now(),
): Promise<void> {
  const selfId = ctx.couple.selfId;
  const held = await ctx.store.load(selfId);
  if (withUnfinishedCounted(held, state, now) === held) return;
  await ctx.store.update(selfId, (current) => withUnfinishedCounted(current, state, now));
}
