import type { PushPayload, StoredPushSubscription } from '@couple/protocol';
import type { AppContext } from '../context.js';
import * as repo from './repository.js';
import type { PushOptions, PushSender, SendOutcome } from './sender.js';

/** Saves the caller's browser subscription; a repeat save replaces the one record. */
export async function savePushSubscription(
  ctx: AppContext,
  userId: string,
  subscription: StoredPushSubscription,
): Promise<{ success: true }> {
  await ctx.db.asUser(userId, (tx) => repo.upsertOwnSubscription(tx, userId, subscription));
  return { success: true };
}

/** Removes the caller's subscription; removing none is not an error. */
export async function deletePushSubscription(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.asUser(userId, (tx) => repo.deleteOwnSubscription(tx, userId));
}

export type PushToUserOutcome = SendOutcome | { result: 'no_subscription' };

/**
 * Sends one notification to a user's subscription. A 404/410 removes that subscription; other
 * failures are logged (status and reason only: no endpoint, keys or payload) and returned.
 */
export async function pushToUser(
  ctx: AppContext,
  sender: PushSender,
  userId: string,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushToUserOutcome> {
  const subscription = await repo.selectSubscription(ctx.db, userId);
  if (!subscription) return { result: 'no_subscription' };
  return pushToSubscription(ctx, sender, userId, subscription, payload, options);
}

/** pushToUser with the subscription already read (with the desire, in the sender's transaction). */
export async function pushToSubscription(
  ctx: AppContext,
  sender: PushSender,
  userId: string,
  subscription: StoredPushSubscription,
  payload: PushPayload,
  options: PushOptions,
): Promise<SendOutcome> {
  const outcome = await sender.send(subscription, payload, options);
  const host = new URL(subscription.endpoint).host;
  if (outcome.result === 'gone') {
    await repo.deleteGoneSubscription(ctx.db, userId, subscription.endpoint);
    ctx.log.info({ userId, host, status: outcome.status }, 'push subscription gone, removed');
  } else if (outcome.result === 'failed') {
    ctx.log.warn(
      { userId, host, status: outcome.status, reason: outcome.reason },
      'push delivery failed',
    );
  }
  return outcome;
}
