import type { Queryable } from '../db/index.js';
import { selectRecipientFactsAsOwner } from '../delivery/repository.js';
import type { RecipientFacts } from '../delivery/recipient-facts.js';

/**
 * Ends the pair on the partner's side first (the partner's row must not keep a partner_id that
 * the deletion would null while its status says paired), then deletes the user: every table
 * that holds the account's data references it ON DELETE CASCADE (profile, sessions and refresh
 * tokens, push subscription, notification tokens, identity keys, device links, debug logs,
 * pairing codes and history, and the desires it sent and received). Returns the sessions that
 * were open and what telling the former partner needs (read once the desires they received from
 * the account are gone, so that their badge counts without them), to be told after commit.
 */
export async function deleteAccountData(
  q: Queryable,
  userId: string,
): Promise<{ formerPartner: RecipientFacts | null; sessionIds: string[] }> {
  await q.query('SELECT 1 FROM profiles WHERE id = $1 FOR UPDATE', [userId]);
  const partner = await q.query<{ id: string }>(
    `UPDATE profiles SET partner_id = NULL, partner_status = 'none', updated_at = now()
     WHERE partner_id = $1 RETURNING id`,
    [userId],
  );
  const sessions = await q.query<{ id: string }>(
    'SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
  const partnerId = partner.rows[0]?.id;
  return {
    formerPartner: partnerId ? await selectRecipientFactsAsOwner(q, partnerId) : null,
    sessionIds: sessions.rows.map((row) => row.id),
  };
}
