import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  pushSubscriptionSchema,
  sendDesireSchema,
  updateProfileBodySchema,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../auth/guard.js';
import { parseInput } from '../http/validate.js';
import type { SqlParam } from '../db/types.js';
import { updateUsername } from '../profile/service.js';
import { PROFILE_VIEW_COLUMNS, selectProfileView } from '../profile/repository.js';
import { sendDesire } from '../messages/service.js';
import { deletePushSubscription, savePushSubscription } from '../push/service.js';
import { selectSubscription } from '../push/repository.js';
import {
  eqValue,
  parseFilters,
  parseSelect,
  PostgrestError,
  preferences,
  whereClause,
} from './postgrest.js';
import { answer, rlsViolation, singleRow, updatableRow } from './rows.js';

const messageRowSchema = z.strictObject({
  id: z.uuid().optional(),
  sender_id: z.uuid({ error: 'sender_id must be a uuid' }),
  receiver_id: z.uuid({ error: 'receiver_id must be a uuid' }),
  intensity: z.unknown(),
  urgency: z.unknown(),
  encrypted: z.boolean().optional(),
  note: z.string().nullish(),
  note_encrypted: z.string().nullish(),
  encryption_data: z.unknown().optional(),
  created_at: z.string().optional(),
});

const pushRowSchema = z.strictObject({
  user_id: z.uuid({ error: 'user_id must be a uuid' }),
  subscription: z.union([
    z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'subscription must be JSON' });
        return z.NEVER;
      }
    }),
    z.record(z.string(), z.unknown()),
  ]),
  updated_at: z.string().optional(),
});

/** profiles: read through profile_view under the caller's RLS, and a new username. */
function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/profiles', async (request) => {
    requireUser(request);
    const columns = parseSelect(
      'profiles',
      (request.query as Record<string, unknown>).select,
      PROFILE_VIEW_COLUMNS,
    );
    const params: SqlParam[] = [];
    const filters = parseFilters('profiles', request.query, PROFILE_VIEW_COLUMNS);
    const where = whereClause(filters, params);
    const rows = await ctx.db.asUser(requireUser(request).userId, (tx) =>
      selectProfileView(tx, columns, where, params),
    );
    return answer(request, rows);
  });

  app.patch('/profiles', async (request, reply) => {
    const { userId } = requireUser(request);
    const filters = parseFilters('profiles', request.query, PROFILE_VIEW_COLUMNS);
    const body = updatableRow('profiles', request.body, ['username', 'updated_at']);
    // updated_at is accepted as PostgREST clients send it; the server stamps its own time.
    const { username } = parseInput(updateProfileBodySchema, { username: body.username });
    // RLS shows only the caller's row: a filter naming anyone else matches nothing.
    const targetsSelf = eqValue(filters, 'id') === userId && filters.length === 1;
    const rows = targetsSelf ? [await updateUsername(ctx, userId, username)] : [];
    if (!preferences(request).representation) return reply.code(204).send();
    return answer(
      request,
      rows.map((row) => ({ ...row, partner: undefined })),
    );
  });
}

/** messages: a desire inserted as a row goes through sendDesire, like POST /api/messages. */
function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/messages', async (request, reply) => {
    const { userId } = requireUser(request);
    const row = parseInput(messageRowSchema, singleRow(request.body));
    if (row.sender_id !== userId) throw rlsViolation('messages');
    const input = parseInput(sendDesireSchema, {
      id: row.id,
      receiverId: row.receiver_id,
      intensity: row.intensity,
      urgency: row.urgency,
      encrypted: row.encrypted ?? false,
      content: row.encrypted ? row.note_encrypted : row.note,
      encryptionData: row.encryption_data ?? undefined,
    });
    const { message } = await sendDesire(ctx, userId, input).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 403) throw rlsViolation('messages');
      throw error;
    });
    return reply
      .code(201)
      .send(preferences(request).representation ? answer(request, [message]) : undefined);
  });
}

/** push_subscriptions: the caller's one subscription, saved or deleted. */
function pushSubscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/push_subscriptions', async (request, reply) => {
    const { userId } = requireUser(request);
    const row = parseInput(pushRowSchema, singleRow(request.body));
    if (row.user_id !== userId) throw rlsViolation('push_subscriptions');
    const subscription = parseInput(pushSubscriptionSchema, row.subscription);
    const upsert =
      preferences(request).mergeDuplicates &&
      (request.query as Record<string, unknown>).on_conflict === 'user_id';
    if (!upsert && (await selectSubscription(ctx.db, userId))) {
      throw new PostgrestError(
        409,
        '23505',
        'duplicate key value violates unique constraint "push_subscriptions_pkey"',
      );
    }
    await savePushSubscription(ctx, userId, subscription);
    const stored = { user_id: userId, subscription, updated_at: new Date().toISOString() };
    return reply
      .code(201)
      .send(preferences(request).representation ? answer(request, [stored]) : undefined);
  });

  app.delete('/push_subscriptions', async (request, reply) => {
    const { userId } = requireUser(request);
    const filters = parseFilters('push_subscriptions', request.query, ['user_id', 'updated_at']);
    if (eqValue(filters, 'user_id') === userId) await deletePushSubscription(ctx, userId);
    return reply.code(204).send();
  });
}

/** /rest/v1 tables: profiles, messages and push_subscriptions, through the same services and RLS. */
export const tableRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  profileRoutes(app, ctx);
  messageRoutes(app, ctx);
  pushSubscriptionRoutes(app, ctx);
};
