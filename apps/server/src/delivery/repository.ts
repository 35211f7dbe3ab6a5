import type { Queryable } from '../db/index.js';
import {
  recipientFactsOf,
  type DeliveryTargetsJson,
  type RecipientFacts,
} from './recipient-facts.js';

/**
 * As the caller, in the transaction of the change that notifies them: the facts of each person,
 * in the order given; null for one who is neither the caller nor the caller's current partner
 * (delivery_targets_of), who is not told.
 */
export async function selectRecipientFacts(
  q: Queryable,
  userIds: string[],
): Promise<(RecipientFacts | null)[]> {
  const { rows } = await q.query<{ user_id: string; targets: DeliveryTargetsJson | null }>(
    `SELECT person.user_id, delivery_targets_of(person.user_id) AS targets
     FROM unnest($1::uuid[]) WITH ORDINALITY AS person (user_id, ord) ORDER BY person.ord`,
    [userIds],
  );
  return rows.map((row) => row.targets && recipientFactsOf(row.user_id, row.targets));
}

/** As the owner (account deletion, for the former partner, who is no longer anyone's partner). */
export async function selectRecipientFactsAsOwner(
  q: Queryable,
  userId: string,
): Promise<RecipientFacts> {
  const { rows } = await q.query<{ targets: DeliveryTargetsJson }>(
    'SELECT app_delivery_targets($1) AS targets',
    [userId],
  );
  return recipientFactsOf(userId, rows[0]!.targets);
}
