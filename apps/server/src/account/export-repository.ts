import type { DesireAnswer, Message } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

export interface PairingRow {
  partner_id: string;
  connected_at: string;
  ended_at: string | null;
  ended_by_me: boolean | null;
}

/** Runs as the user: row-level security shows only the caller's own pairings. */
export async function selectOwnPairings(q: Queryable, userId: string): Promise<PairingRow[]> {
  const { rows } = await q.query<PairingRow>(
    `SELECT CASE WHEN user1_id = $1 THEN user2_id ELSE user1_id END AS partner_id,
            created_at AS connected_at, ended_at,
            CASE WHEN ended_at IS NULL THEN NULL ELSE ended_by IS NOT DISTINCT FROM $1 END
              AS ended_by_me
     FROM partner_connections WHERE $1 IN (user1_id, user2_id) ORDER BY created_at`,
    [userId],
  );
  return rows;
}

/** Runs as the user: every desire the caller sent (or received), oldest first, as stored. */
export async function selectOwnMessages(
  q: Queryable,
  userId: string,
  side: 'sent' | 'received',
): Promise<Message[]> {
  const column = side === 'sent' ? 'sender_id' : 'receiver_id';
  const { rows } = await q.query<Message>(
    `SELECT * FROM message_view WHERE ${column} = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** Runs as the user: the answers to desires the caller sent or received, notes as stored. */
export async function selectOwnAnswers(q: Queryable, userId: string): Promise<DesireAnswer[]> {
  const { rows } = await q.query<DesireAnswer>(
    `SELECT message_id, choice, note_encrypted, encryption_data, updated_at FROM desire_answers
     WHERE $1 IN (answerer_id, asker_id) ORDER BY created_at, message_id`,
    [userId],
  );
  return rows;
}
