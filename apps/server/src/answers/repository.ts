import type { AnswerChoice, DesireAnswer, EncryptionData } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import {
  recipientFactsOf,
  type DeliveryTargetsJson,
  type RecipientFacts,
} from '../delivery/recipient-facts.js';
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
      /** The answerer's username, for the asker's push. */
      answererUsername: string | null;
      /** What telling the asker needs; null when no longer the answerer's partner. */
      asker: RecipientFacts | null;
    }
  | { outcome: 'not_found' | 'no_partner' | 'upgrade_required' | 'key_changed' };

type AnswerRow = DesireAnswer & {
  outcome: string;
  asker_id: string;
  answerer_username: string | null;
  asker_targets: DeliveryTargetsJson | null;
};

/**
 * Answers a received desire, or changes the answer, through answer_desire (migrations 019, 025):
 * the receiver and current-partner checks, the note's end-to-end rules and the upsert in one
 * statement, which also reads what telling the asker needs: the answerer's username (under
 * row-level security, as the answer) and the asker's delivery targets (delivery_targets_of, none
 * unless the asker is still the partner). Neither is written by the function.
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
       CASE WHEN answer.outcome = 'answered' THEN delivery_targets_of(answer.asker_id) END
         AS asker_targets
     FROM answer_desire($1, $2, $3, $4::jsonb, $5) AS answer`,
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
    answererUsername: row.answerer_username,
    asker: row.asker_targets && recipientFactsOf(row.asker_id, row.asker_targets),
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
