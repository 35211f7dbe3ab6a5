import type { StoredPushSubscription } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

/** One record per user: a repeat save replaces it (SPEC §7). Runs as the user (RLS). */
export async function upsertOwnSubscription(
  q: Queryable,
  userId: string,
  subscription: StoredPushSubscription,
): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (user_id, subscription, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (user_id) DO UPDATE SET subscription = EXCLUDED.subscription, updated_at = now()`,
    [userId, JSON.stringify(subscription)],
  );
}

/** Runs as the user (RLS): only the caller's own row can be deleted. */
export async function deleteOwnSubscription(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
}

/** System work (delivery to another user): runs as the owner. */
export async function selectSubscription(
  q: Queryable,
  userId: string,
): Promise<StoredPushSubscription | undefined> {
  const { rows } = await q.query<{ subscription: StoredPushSubscription }>(
    'SELECT subscription FROM push_subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.subscription;
}

/**
 * System work after a push service said the subscription is gone (404/410). Only that endpoint
 * is removed: a subscription saved meanwhile stays.
 */
export async function deleteGoneSubscription(
  q: Queryable,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND subscription->>'endpoint' = $2`,
    [userId, endpoint],
  );
  return rowCount > 0;
}
