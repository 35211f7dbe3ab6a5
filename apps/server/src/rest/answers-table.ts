import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ANSWER_CHOICES } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { answerDesire } from '../answers/service.js';
import { selectAnswerRows, selectDesireSender } from '../answers/repository.js';
import { requireUser } from '../auth/guard.js';
import { HttpError } from '../errors.js';
import { parseInput } from '../http/validate.js';
import type { SqlParam } from '../db/types.js';
import {
  parseFilters,
  parseSelect,
  PostgrestError,
  preferences,
  whereClause,
} from './postgrest.js';
import { answer, rlsViolation, singleRow } from './rows.js';
import { answerNoteOf } from './answer-note.js';

const ANSWER_COLUMNS = [
  'message_id',
  'answerer_id',
  'asker_id',
  'choice',
  'note_encrypted',
  'encryption_data',
  'created_at',
  'updated_at',
] as const;

const answerRowSchema = z.strictObject({
  message_id: z.uuid({ error: 'message_id must be a uuid' }),
  answerer_id: z.uuid({ error: 'answerer_id must be a uuid' }),
  asker_id: z.uuid({ error: 'asker_id must be a uuid' }).optional(),
  choice: z.enum(ANSWER_CHOICES, { error: `choice must be one of ${ANSWER_CHOICES.join(', ')}` }),
  note_encrypted: z.string({ error: 'note_encrypted must be base64' }).nullable().optional(),
  encryption_data: z.unknown().optional(),
});

type AnswerRow = z.infer<typeof answerRowSchema>;

/**
 * The answer table's policy: the caller answers as themselves, and an asker named must be the
 * desire's real sender.
 */
async function checkAnswerPolicy(ctx: AppContext, userId: string, row: AnswerRow): Promise<void> {
  if (row.answerer_id !== userId) throw rlsViolation('desire_answers');
  if (row.asker_id !== undefined) {
    const sender = await ctx.db.asUser(userId, (tx) => selectDesireSender(tx, row.message_id));
    if (sender !== row.asker_id) throw rlsViolation('desire_answers');
  }
}

/**
 * Only the caller's own answer is a duplicate; anyone else is refused by the policy, as
 * PostgreSQL checks a policy before a unique index.
 */
async function refuseDuplicate(ctx: AppContext, userId: string, messageId: string): Promise<void> {
  const existing = await ctx.db.asUser(userId, (tx) =>
    selectAnswerRows(tx, ['message_id'], 'WHERE message_id = $1 AND answerer_id = $2', [
      messageId,
      userId,
    ]),
  );
  if (existing.length > 0) {
    throw new PostgrestError(
      409,
      '23505',
      'duplicate key value violates unique constraint "desire_answers_pkey"',
    );
  }
}

/** Stores the row's answer through the service, refused as the policy would refuse it. */
function storeAnswer(ctx: AppContext, userId: string, row: AnswerRow) {
  // Columns left out keep the stored note (as a PostgREST upsert keeps what it is not given).
  const note = answerNoteOf({
    noteEncrypted: row.note_encrypted ?? undefined,
    encryptionData: row.encryption_data,
    remove: row.note_encrypted === null,
    names: { note: 'note_encrypted', data: 'encryption_data' },
  });
  return answerDesire(ctx, userId, row.message_id, {
    choice: row.choice,
    note,
  }).catch((error: unknown) => {
    // Not a desire the caller received: PostgREST would refuse the row by its policy.
    if (error instanceof HttpError && error.code === 'message_not_found') {
      throw rlsViolation('desire_answers');
    }
    throw error;
  });
}

/** /rest/v1/desire_answers: the answers table under its row-level security, through the service. */
export const answerTableRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/desire_answers', async (request) => {
    const { userId } = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const columns = parseSelect('desire_answers', query.select, ANSWER_COLUMNS);
    const params: SqlParam[] = [];
    const where = whereClause(parseFilters('desire_answers', query, ANSWER_COLUMNS), params);
    const rows = await ctx.db.asUser(userId, (tx) => selectAnswerRows(tx, columns, where, params));
    return answer(request, rows);
  });

  // One answer per desire: a second one is a duplicate unless the client asks to merge.
  app.post('/desire_answers', async (request, reply) => {
    const { userId } = requireUser(request);
    const row = parseInput(answerRowSchema, singleRow(request.body));
    await checkAnswerPolicy(ctx, userId, row);
    const merge =
      preferences(request).mergeDuplicates &&
      (request.query as Record<string, unknown>).on_conflict === 'message_id';
    if (!merge) await refuseDuplicate(ctx, userId, row.message_id);
    const stored = await storeAnswer(ctx, userId, row);
    return reply
      .code(201)
      .send(preferences(request).representation ? answer(request, [stored]) : undefined);
  });
};
