import type { Thought } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { decideDelivery } from '../delivery/decide.js';
import { selectRecipientFacts } from '../delivery/repository.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';

export interface SendThoughtResult {
  thought: Thought;
  /** True when this id was already stored by the same sender: a retry, delivered once. */
  duplicate: boolean;
}

/**
 * Tells the caller's current partner "thinking of you". Idempotent on the client's id: a retry of
 * a stored thought answers it again without counting against the limit or notifying anyone. The
 * limit (THOUGHT_INTERVAL_SECONDS, THOUGHTS_PER_DAY) is the sender's on every instance; it is
 * taken only once the partner is known, so that a refused send costs nothing.
 */
export async function sendThought(
  ctx: AppContext,
  userId: string,
  id: string | null,
): Promise<SendThoughtResult> {
  const first = await ctx.db.asUser(userId, (tx) => repo.selectSendPreflight(tx, id));
  if (!first.partnerId) throw new HttpError('no_connected_partner');
  if (first.existing?.sender_id === userId) return { thought: first.existing, duplicate: true };
  // An id someone else holds is not this sender's retry: the thought gets an id of its own.
  const ownId = first.existing ? null : id;
  await ctx.limits.takeThought(userId);
  const insert = (thoughtId: string | null) =>
    ctx.db.asUser(userId, async (tx) => {
      const inserted = await repo.insertThought(tx, thoughtId);
      if (!inserted) return null;
      // Read after the insert, so that the receiver's badge counts this thought too.
      const [receiver] = await selectRecipientFacts(tx, [inserted.thought.receiver_id]);
      return { ...inserted, receiver: receiver ?? null };
    });
  let stored = await insert(ownId);
  if (!stored && ownId) {
    // The same id sent twice at once (the other request delivers it), or one held by a row
    // this sender cannot see.
    const again = await ctx.db.asUser(userId, (tx) => repo.selectSendPreflight(tx, ownId));
    if (again.existing?.sender_id === userId) return { thought: again.existing, duplicate: true };
    if (again.partnerId) stored = await insert(null);
  }
  // Nothing stored otherwise means the pair ended in between.
  if (!stored) throw new HttpError('no_connected_partner');
  ctx.events.emit('thoughtSent', {
    thought: stored.thought,
    senderUsername: stored.senderUsername ?? 'Your partner',
    receiver: decideDelivery('thought', stored.receiver, ctx.clock.now()),
  });
  return { thought: stored.thought, duplicate: false };
}

/** The caller's latest thoughts, sent and received (THOUGHTS_LIST_LIMIT), newest first. */
export async function listThoughts(ctx: AppContext, userId: string): Promise<Thought[]> {
  return ctx.db.asUser(userId, (tx) => repo.selectThoughts(tx, userId));
}

/** Opening the inbox: every thought the caller received is read. Answers how many changed. */
export async function markThoughtsRead(ctx: AppContext, userId: string): Promise<number> {
  return ctx.db.asUser(userId, (tx) => repo.markReceivedRead(tx, userId));
}
