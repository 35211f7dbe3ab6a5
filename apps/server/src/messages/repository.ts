import { desireAnswerSchema, messageSchema, type Message, type NewDesire } from '@couple/protocol';
import {
  recipientFactsOf,
  type DeliveryTargetsJson,
  type RecipientFacts,
} from '../delivery/recipient-facts.js';
import type { Database, Queryable } from '../db/index.js';
import { jsonObjectOf } from '../db/json-sql.js';

type SendRow = Message & {
  outcome: 'sent' | 'existing' | RefusedOutcome;
  sender_username: string | null;
  targets: DeliveryTargetsJson | null;
};

/** Refusals of send_desire_as_v2: no partner, not the partner, and the end-to-end rules (010). */
const REFUSED = ['no_partner', 'not_partner', 'upgrade_required', 'key_changed'] as const;
type RefusedOutcome = (typeof REFUSED)[number];
const isRefused = (outcome: string): outcome is RefusedOutcome =>
  (REFUSED as readonly string[]).includes(outcome);

export type SendOutcome =
  | { outcome: 'sent'; message: Message; senderUsername: string; receiver: RecipientFacts }
  /** The id is taken; the stored desire when the sender may see it. */
  | { outcome: 'existing'; message: Message | undefined }
  | { outcome: RefusedOutcome };

/** The arguments of send_desire_as_v2, in its order; send_desires_as_v2 reads the same names. */
function sendArguments(userId: string, d: NewDesire) {
  return {
    user_id: userId,
    receiver_id: d.receiverId ?? null,
    id: d.id ?? null,
    intensity: d.intensity,
    urgency: d.urgency,
    encrypted: d.encrypted,
    note: d.note,
    note_encrypted: d.noteEncrypted,
    encryption_data: d.encryptionData,
  };
}

/** A send's row, the message's columns (message_view) spread among the others. */
const SEND_COLUMNS = 's.outcome, (s.message).*, s.sender_username, s.targets';

/**
 * Sends as userId in one statement (migration 007): the function enters the user scope, reads
 * the partner, inserts under row-level security and reads the receiver's delivery targets. It
 * must run outside any transaction of ours (the scope is local to the implicit one), so it takes
 * the database, not a transaction.
 */
export async function sendDesireAs(
  db: Database,
  userId: string,
  d: NewDesire,
): Promise<SendOutcome> {
  const { encryption_data, ...rest } = sendArguments(userId, d);
  const { rows } = await db.query<SendRow>(
    `SELECT ${SEND_COLUMNS} FROM send_desire_as_v2($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) s`,
    [...Object.values(rest), encryption_data === null ? null : JSON.stringify(encryption_data)],
  );
  return toOutcome(rows[0]!);
}

export interface DesireFrom {
  userId: string;
  desire: NewDesire;
}

/**
 * Sends several desires, each as its own sender, in one statement and one commit
 * (send_desires_as_v2 runs send_desire_in_scope, send_desire_as_v2's body, for each). Outcomes
 * come back in the order given. One failing element fails them all: the caller decides what to
 * retry.
 */
export async function sendDesiresAs(db: Database, batch: DesireFrom[]): Promise<SendOutcome[]> {
  const items = batch.map(({ userId, desire }) => sendArguments(userId, desire));
  const { rows } = await db.query<SendRow & { ord: number }>(
    `SELECT s.ord, ${SEND_COLUMNS} FROM send_desires_as_v2($1::jsonb) s`,
    [JSON.stringify(items)],
  );
  const outcomes = new Array<SendOutcome>(batch.length);
  for (const { ord, ...row } of rows) outcomes[ord - 1] = toOutcome(row);
  if (rows.length !== batch.length) throw new Error('send_desires_as_v2 skipped an element');
  return outcomes;
}

function toOutcome(row: SendRow): SendOutcome {
  const { outcome, sender_username, targets, ...message } = row;
  if (outcome === 'sent' && targets) {
    return {
      outcome,
      message,
      senderUsername: sender_username ?? '',
      receiver: recipientFactsOf(message.receiver_id, targets),
    };
  }
  if (outcome === 'existing') return { outcome, message: message.id ? message : undefined };
  if (isRefused(outcome)) return { outcome };
  throw new Error(`send_desire_as_v2 returned ${outcome}`);
}

/** Rows strictly older than the `before` message, in the list's order; none if it is not visible. */
const OLDER_THAN = `(created_at, id) < (SELECT b.created_at, b.id FROM messages b WHERE b.id = $3)`;

// The answer's fields are the contract's (messageSchema, desireAnswerSchema), each a column of
// message_view or desire_answers of the same name.
const LISTED_FIELDS = Object.keys(messageSchema.shape);
const ANSWER_FIELDS = Object.keys(desireAnswerSchema.shape);
const PAGE_ORDER = 'ORDER BY p.created_at DESC, p.id DESC';
const MESSAGE_JSON = jsonObjectOf('p', LISTED_FIELDS, ['read_at', 'created_at']);
const ANSWER_JSON = jsonObjectOf('a', ANSWER_FIELDS, ['updated_at']);

/**
 * A page of desires with the count of all that the filter matches and their answers, as the JSON
 * text of the answer ({messages, count, answers}), in one statement. PostgreSQL builds the JSON:
 * parsing 50 rows field by field in the driver and serialising them again was a third of the
 * server's CPU on GET /api/messages?limit=50 (`bench:http --routes inbox --cpuprof`).
 */
async function listPage(
  q: Queryable,
  filter: string,
  userId: string,
  { limit, before }: { limit: number; before?: string },
): Promise<string> {
  const page = before ? `${filter} AND ${OLDER_THAN}` : filter;
  const { rows } = await q.query<{ body: string }>(
    `WITH p AS (SELECT * FROM message_view WHERE ${page}
                ORDER BY created_at DESC, id DESC LIMIT $2)
     SELECT json_build_object(
       'messages', coalesce((SELECT json_agg(${MESSAGE_JSON} ${PAGE_ORDER}) FROM p), '[]'),
       'count', (SELECT count(*)::int FROM messages WHERE ${filter}),
       'answers', coalesce((SELECT json_agg(${ANSWER_JSON} ${PAGE_ORDER})
                            FROM p JOIN desire_answers a ON a.message_id = p.id), '[]')
     )::text AS body`,
    before ? [userId, limit, before] : [userId, limit],
  );
  return rows[0]!.body;
}

/** The caller's received desires: one page as the JSON text of a MessagesList. */
export function listReceived(
  q: Queryable,
  userId: string,
  { unreadOnly, limit, before }: { unreadOnly: boolean; limit: number; before?: string },
): Promise<string> {
  const filter = `receiver_id = $1 ${unreadOnly ? 'AND read_at IS NULL' : ''}`;
  return listPage(q, filter, userId, { limit, before });
}

/** The caller's sent desires: one page as the JSON text of a MessagesList. */
export function listSent(
  q: Queryable,
  userId: string,
  { limit, before }: { limit: number; before?: string },
): Promise<string> {
  return listPage(q, 'sender_id = $1', userId, { limit, before });
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
