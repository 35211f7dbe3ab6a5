import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageSchema } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { SqlParam } from '../db/types.js';
import { requireUser } from '../auth/guard.js';
import { parseInput } from '../http/validate.js';
import { markMessagesRead } from '../messages/service.js';
import { selectMessageRows, selectUnreadIdsWhere } from '../messages/table-repository.js';
import { parseFilters, parseSelect, preferences, whereClause } from './postgrest.js';
import { answer, updatableRow } from './rows.js';
import type { Page } from '../db/table-query.js';
import { parseOrder, parsePage } from './paging.js';

/** The columns of `messages` as a client reads them: a Message's fields (`is_read` derived). */
export const MESSAGE_TABLE_COLUMNS = messageSchema.keyof().options;

/** Marking read is the one change a client may make: `read_at` set (stamped now), `is_read` true. */
const markReadSchema = z
  .strictObject({
    read_at: z.string({ error: 'read_at must be a timestamp' }).optional(),
    is_read: z.literal(true, { error: 'messages can only be marked read' }).optional(),
  })
  .refine((row) => row.read_at !== undefined || row.is_read !== undefined, {
    error: 'read_at or is_read is required',
  });

/** PostgREST's Content-Range: the rows of this page and, when counted, of the whole match. */
function contentRange(page: Page, rows: number, total: number | null): string {
  const range = rows === 0 ? '*' : `${page.offset}-${page.offset + rows - 1}`;
  return `${range}/${total ?? '*'}`;
}

/** /rest/v1/messages reads and mark-read, under row-level security and through the service. */
export const messageTableRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const read = async (request: FastifyRequest, reply: FastifyReply) => {
    const { userId } = requireUser(request);
    const query = request.query as Record<string, unknown>;
    const columns = parseSelect('messages', query.select, MESSAGE_TABLE_COLUMNS);
    const params: SqlParam[] = [];
    const where = whereClause(parseFilters('messages', query, MESSAGE_TABLE_COLUMNS), params);
    const order = parseOrder('messages', query.order, MESSAGE_TABLE_COLUMNS);
    const page = parsePage(query, request.headers.range);
    const counted = preferences(request).countExact;
    const { rows, total } = await ctx.db.asUser(userId, (tx) =>
      selectMessageRows(tx, { columns, where, params, order, page, counted }),
    );
    void reply.header('content-range', contentRange(page, rows.length, total));
    return rows;
  };

  // Fastify answers HEAD with the same handler, without the rows: supabase-js counts that way
  // (`{ count: 'exact', head: true }`), reading Content-Range.
  app.get('/messages', async (request, reply) => answer(request, await read(request, reply)));

  app.patch('/messages', async (request, reply) => {
    const { userId } = requireUser(request);
    const body = updatableRow('messages', request.body, ['read_at', 'is_read']);
    parseInput(markReadSchema, body);
    const params: SqlParam[] = [];
    const where = whereClause(
      parseFilters('messages', request.query, MESSAGE_TABLE_COLUMNS),
      params,
    );
    const ids = await ctx.db.asUser(userId, (tx) =>
      selectUnreadIdsWhere(tx, userId, where, params),
    );
    // The service marks them and tells the senders, as the inbox's mark-read does.
    const marked = ids.length ? (await markMessagesRead(ctx, userId, ids)).ids : [];
    if (!preferences(request).representation) return reply.code(204).send();
    const rows = await ctx.db.asUser(userId, (tx) =>
      selectMessageRows(tx, {
        columns: [...MESSAGE_TABLE_COLUMNS],
        where: 'WHERE "id" = ANY($1::uuid[])',
        params: [marked],
        order: [],
        page: { offset: 0, limit: null },
        counted: false,
      }),
    );
    return answer(request, rows.rows);
  });
};
