import { THOUGHTS_LIST_LIMIT, type Thought } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

const THOUGHT_COLUMNS = 'id, sender_id, receiver_id, created_at, read_at';

/** What sending needs to know first, as the caller: their partner, and a retried id's row. */
export interface SendPreflight {
  partnerId: string | null;
  /** The thought stored under the client's id, when the caller may see it. */
  existing: Thought | null;
}

export async function selectSendPreflight(q: Queryable, id: string | null): Promise<SendPreflight> {
  const { rows } = await q.query<{ partner_id: string | null } & Partial<Thought>>(
    `SELECT get_my_partner_id() AS partner_id, ${THOUGHT_COLUMNS}
     FROM (SELECT 1) AS one LEFT JOIN thoughts ON thoughts.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row?.id) return { partnerId: row?.partner_id ?? null, existing: null };
  const { partner_id, ...thought } = row;
  return { partnerId: partner_id, existing: thought as Thought };
}

export interface InsertedThought {
  thought: Thought;
  senderUsername: string | null;
}

type InsertRow = Thought & { sender_username: string | null };

/**
 * Stores a thought to the caller's current partner (the insert policy checks both ids), with the
 * sender's username for its delivery. The id is the client's when given and free; a taken one (a
 * retry, or another's) inserts nothing: null.
 */
export async function insertThought(
  q: Queryable,
  id: string | null,
): Promise<InsertedThought | null> {
  const { rows } = await q.query<InsertRow>(
    `WITH inserted AS (
       INSERT INTO thoughts (id, sender_id, receiver_id)
       SELECT coalesce($1::uuid, gen_random_uuid()), app_current_user_id(), get_my_partner_id()
       WHERE get_my_partner_id() IS NOT NULL
       ON CONFLICT (id) DO NOTHING
       RETURNING ${THOUGHT_COLUMNS})
     SELECT inserted.*,
       (SELECT username FROM profiles WHERE id = inserted.sender_id) AS sender_username
     FROM inserted`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const { sender_username, ...thought } = row;
  return { thought, senderUsername: sender_username };
}

/** The caller's thoughts, sent and received, newest first (row-level security shows no others). */
export async function selectThoughts(q: Queryable, userId: string): Promise<Thought[]> {
  const { rows } = await q.query<Thought>(
    `SELECT ${THOUGHT_COLUMNS} FROM thoughts WHERE sender_id = $1 OR receiver_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, THOUGHTS_LIST_LIMIT],
  );
  return rows;
}

/** Marks every unread thought the caller received read; answers how many. */
export async function markReceivedRead(q: Queryable, userId: string): Promise<number> {
  const { rowCount } = await q.query(
    'UPDATE thoughts SET read_at = now() WHERE receiver_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rowCount;
}
