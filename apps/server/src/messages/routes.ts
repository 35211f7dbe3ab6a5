import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES_LIST_LIMIT } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { contractRoutes, JsonAnswer } from '../http/contract-route.js';
import { Repeated } from '../http/operations.js';
import * as messages from './service.js';

export const messageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  // Both lists come as JSON text built by PostgreSQL (messages/repository.ts, listPage).
  route(
    'listReceivedMessages',
    async ({ user, query }) =>
      new JsonAnswer(await messages.listReceivedMessages(ctx, user.userId, query)),
  );

  route(
    'listSentMessages',
    async ({ user, query }) =>
      new JsonAnswer(
        await messages.listSentMessages(ctx, user.userId, {
          limit: Math.min(query.limit, MESSAGES_LIST_LIMIT),
          before: query.before,
        }),
      ),
  );

  route('getUnreadCount', async ({ user }) => ({
    count: await messages.getUnreadCount(ctx, user.userId),
  }));

  route('markAllMessagesRead', async ({ user }) => messages.markMessagesRead(ctx, user.userId));

  route('markMessageRead', async ({ user, params }) =>
    messages.markMessagesRead(ctx, user.userId, [params.id]),
  );

  route('markMessagesRead', async ({ user, body }) =>
    messages.markMessagesRead(ctx, user.userId, body.ids),
  );

  route('sendDesire', async ({ user, body }) => {
    const { message, duplicate } = await messages.sendDesire(ctx, user.userId, body);
    // A retry of a stored desire: nothing new was created (HTTP answers 200, not 201).
    return duplicate ? new Repeated({ message }) : { message };
  });
};
