import type { AnswerChoice, DesireAnswer, EncryptionData, QuietWindow } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import type { SqlParam } from '../db/types.js';

/** The answer's note: kept as stored, replaced by a new ciphertext, or removed. */
export type AnswerNoteChange =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'set'; noteEncrypted: string; encryptionData: EncryptionData };

export type AnswerOutcome =
  | {
      outcome: 'answered';
      answer: DesireAnswer;
      askerId: string;
      /** The answerer's username, for the asker's push. */
      answererUsername: string | null;
      /** The asker's quiet hours, which hold their push back. */
      askerQuietHours: QuietWindow | null;
    }
  | { outcome: 'not_found' | 'no_partner' | 'upgrade_required' | 'key_changed' };

type AnswerRow = DesireAnswer & {
  outcome: string;
  asker_id: string;
  answerer_username: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  quiet_time_zone: string | null;
};

/**
 * Answers a received desire, or changes the answer, through answer_desire (migrations 019, 025):
 * the receiver and current-partner checks, the note's end-to-end rules and the upsert in one
 * statement, which also reads what the asker's push needs (the answerer's username, the asker's
 * quiet hours; neither table is written by the function). Row-level security applies to those reads as to the answer.
 */
export async function answerDesireAs(
  q: Queryable,
  messageId: string,
  choice: AnswerChoice,
  note: AnswerNoteChange,
): Promise<AnswerOutcome> {
  const set = note.kind === 'set' ? note : null;
  const { rows } = await q.query<AnswerRow>(
    `SELECT answer.*,
       (SELECT username FROM profiles WHERE id = app_current_user_id()) AS answerer_username,
       quiet.start_time AS quiet_start, quiet.end_time AS quiet_end,
       quiet.time_zone AS quiet_time_zone
     FROM answer_desire($1, $2, $3, $4::jsonb, $5) AS answer
     LEFT JOIN quiet_hours AS quiet
       ON answer.outcome = 'answered' AND quiet.user_id = answer.asker_id`,
    [
      messageId,
      choice,
      set?.noteEncrypted ?? null,
      set ? JSON.stringify(set.encryptionData) : null,
      note.kind === 'remove',
    ],
  );
  const row = rows[0];
  if (!row || row.outcome === 'not_found') return { outcome: 'not_found' };
  if (
    row.outcome === 'no_partner' ||
    row.outcome === 'upgrade_required' ||
    row.outcome === 'key_changed'
  ) {
    return { outcome: row.outcome };
  }
  return {
    outcome: 'answered',
    answer: {
      message_id: row.message_id,
      choice: row.choice,
      note_encrypted: row.note_encrypted,
      encryption_data: row.encryption_data,
      updated_at: row.updated_at,
    },
    askerId: row.asker_id,
    answererUsername: row.answerer_username,
    askerQuietHours:
      row.quiet_start !== null && row.quiet_end !== null && row.quiet_time_zone !== null
        ? { start: row.quiet_start, end: row.quiet_end, time_zone: row.quiet_time_zone }
        : null,
  };
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

/** Whether the two are each other's partner now (read as the owner, for delivery after commit). */
export async function selectArePartners(
  q: Queryable,
  userId: string,
  otherId: string,
): Promise<boolean> {
  const { rows } = await q.query<{ paired: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM profiles WHERE id = $1 AND partner_id = $2) AS paired',
    [userId, otherId],
  );
  return rows[0]?.paired === true;
}
