import type { AnswerChoice, DesireAnswer, EncryptionData } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import type { SqlParam } from '../db/types.js';

const ANSWER_COLUMNS = 'message_id, choice, note_encrypted, encryption_data, updated_at';

/** The answer's note: kept as stored, replaced by a new ciphertext, or removed. */
export type AnswerNoteChange =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'set'; noteEncrypted: string; encryptionData: EncryptionData };

/**
 * Answers a received desire, or changes the answer. The SELECT finds only a desire the caller
 * received (row-level security and the receiver check), so another one inserts nothing.
 */
export async function upsertAnswer(
  q: Queryable,
  userId: string,
  messageId: string,
  choice: AnswerChoice,
  note: AnswerNoteChange,
): Promise<(DesireAnswer & { asker_id: string }) | null> {
  const set = note.kind === 'set' ? note : null;
  const { rows } = await q.query<DesireAnswer & { asker_id: string }>(
    `INSERT INTO desire_answers AS a
       (message_id, answerer_id, asker_id, choice, note_encrypted, encryption_data)
     SELECT m.id, m.receiver_id, m.sender_id, $3, $4, $5::jsonb FROM messages m
     WHERE m.id = $2 AND m.receiver_id = $1
     ON CONFLICT (message_id) DO UPDATE SET
       choice = EXCLUDED.choice,
       updated_at = now(),
       note_encrypted = CASE WHEN $6 THEN a.note_encrypted ELSE EXCLUDED.note_encrypted END,
       encryption_data = CASE WHEN $6 THEN a.encryption_data ELSE EXCLUDED.encryption_data END
     RETURNING ${ANSWER_COLUMNS}, asker_id`,
    [
      userId,
      messageId,
      choice,
      set?.noteEncrypted ?? null,
      set ? JSON.stringify(set.encryptionData) : null,
      note.kind === 'keep',
    ],
  );
  return rows[0] ?? null;
}

/** Who asked the desire the caller received, or null (not found, or not the caller's). */
export async function selectAskerOf(
  q: Queryable,
  userId: string,
  messageId: string,
): Promise<string | null> {
  const { rows } = await q.query<{ sender_id: string }>(
    'SELECT sender_id FROM messages WHERE id = $1 AND receiver_id = $2',
    [messageId, userId],
  );
  return rows[0]?.sender_id ?? null;
}

/** The answers to the given desires that the caller may see. */
export async function selectAnswers(q: Queryable, messageIds: string[]): Promise<DesireAnswer[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await q.query<DesireAnswer>(
    `SELECT ${ANSWER_COLUMNS} FROM desire_answers WHERE message_id = ANY($1::uuid[])`,
    [messageIds],
  );
  return rows;
}

export async function selectUsername(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ username: string }>(
    'SELECT username FROM profiles WHERE id = $1',
    [userId],
  );
  return rows[0]?.username ?? null;
}

export async function selectPartnerOf(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ partner_id: string | null }>(
    'SELECT partner_id FROM profiles WHERE id = $1',
    [userId],
  );
  return rows[0]?.partner_id ?? null;
}

/** PostgREST-style read of the answers table; the columns and filters are checked by the caller. */
export async function selectAnswerRows(
  q: Queryable,
  columns: readonly string[],
  where: string,
  params: SqlParam[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query(
    `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM desire_answers ${where}`,
    params,
  );
  return rows;
}

/** The sender of a desire the caller can see, or null. */
export async function selectDesireSender(q: Queryable, messageId: string): Promise<string | null> {
  const { rows } = await q.query<{ sender_id: string }>(
    'SELECT sender_id FROM messages WHERE id = $1',
    [messageId],
  );
  return rows[0]?.sender_id ?? null;
}
