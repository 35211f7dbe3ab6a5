import type { EncryptionData, Message, StoredPushSubscription } from '@couple/protocol';
import type { ReceiverTargets } from '../events.js';
import type { Queryable } from '../db/index.js';

const MESSAGE_COLUMNS = `id, sender_id, receiver_id, intensity, urgency, encrypted, note,
  note_encrypted, encryption_data, read_at, read_at IS NOT NULL AS is_read, created_at`;

export interface MessageInsert {
  id: string | undefined;
  senderId: string;
  receiverId: string;
  intensity: number;
  urgency: number;
  encrypted: boolean;
  note: string | null;
  noteEncrypted: string | null;
  encryptionData: EncryptionData | null;
}

/** Inserts the desire; undefined when a row with this id already exists. */
export async function insertMessage(q: Queryable, m: MessageInsert): Promise<Message | undefined> {
  const { rows } = await q.query<Message>(
    `INSERT INTO messages (id, sender_id, receiver_id, intensity, urgency, encrypted, note,
                           note_encrypted, encryption_data)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     ON CONFLICT (id) DO NOTHING
     RETURNING ${MESSAGE_COLUMNS}`,
    [
      m.id ?? null,
      m.senderId,
      m.receiverId,
      m.intensity,
      m.urgency,
      m.encrypted,
      m.note,
      m.noteEncrypted,
      m.encryptionData === null ? null : JSON.stringify(m.encryptionData),
    ],
  );
  return rows[0];
}

export async function selectMessage(q: Queryable, id: string): Promise<Message | undefined> {
  const { rows } = await q.query<Message>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** The caller's partner and own username, in one round trip (both are needed per send). */
export async function selectSenderContext(
  q: Queryable,
): Promise<{ partnerId: string | null; username: string }> {
  const { rows } = await q.query<{ partner_id: string | null; username: string | null }>(
    `SELECT get_my_partner_id() AS partner_id,
            (SELECT username FROM profiles WHERE id = app_current_user_id()) AS username`,
  );
  return { partnerId: rows[0]?.partner_id ?? null, username: rows[0]?.username ?? '' };
}

export async function listReceived(
  q: Queryable,
  userId: string,
  { unreadOnly, limit }: { unreadOnly: boolean; limit: number },
): Promise<{ messages: Message[]; count: number }> {
  const filter = `receiver_id = $1 ${unreadOnly ? 'AND read_at IS NULL' : ''}`;
  const { rows } = await q.query<Message>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${filter}
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  const counted = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM messages WHERE ${filter}`,
    [userId],
  );
  return { messages: rows, count: counted.rows[0]?.count ?? 0 };
}

export async function listSent(
  q: Queryable,
  userId: string,
  limit: number,
): Promise<{ messages: Message[]; count: number }> {
  const { rows } = await q.query<Message>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  const counted = await q.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM messages WHERE sender_id = $1',
    [userId],
  );
  return { messages: rows, count: counted.rows[0]?.count ?? 0 };
}

export async function countUnread(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM messages WHERE receiver_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export async function isReceivedBy(q: Queryable, id: string, userId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM messages WHERE id = $1 AND receiver_id = $2', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** Marks the caller's unread received messages (all, or those ids) read. */
export async function markRead(
  q: Queryable,
  userId: string,
  ids: string[] | undefined,
): Promise<{ id: string; sender_id: string }[]> {
  const { rows } = await q.query<{ id: string; sender_id: string }>(
    `UPDATE messages SET read_at = now()
     WHERE receiver_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
     RETURNING id, sender_id`,
    [userId, ids ?? null],
  );
  return rows;
}

/** The receiver's unread count and notification targets, for the delivery of what was just sent. */
export async function selectReceiverTargets(q: Queryable): Promise<ReceiverTargets> {
  const { rows } = await q.query<{
    targets: {
      unread_count: number;
      push_subscription: StoredPushSubscription | null;
      farcaster_tokens: { token: string; url: string }[];
    };
  }>('SELECT partner_delivery_targets() AS targets');
  const targets = rows[0]!.targets;
  return {
    unreadCount: targets.unread_count,
    pushSubscription: targets.push_subscription,
    farcasterTokens: targets.farcaster_tokens,
  };
}
