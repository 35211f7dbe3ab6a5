import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES_LIST_LIMIT,
  listMessagesQuerySchema,
  messageIdParamsSchema,
  sendDesireSchema,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { parseInput } from '../http/validate.js';
import * as messages from './service.js';

export const messageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', async (request) => {
    const { userId } = requireUser(request);
    return messages.listReceivedMessages(
      ctx,
      userId,
      parseInput(listMessagesQuerySchema, request.query),
    );
  });

  app.get('/sent', async (request) => {
    const { userId } = requireUser(request);
    const { limit } = parseInput(listMessagesQuerySchema, request.query);
    return messages.listSentMessages(ctx, userId, Math.min(limit, MESSAGES_LIST_LIMIT));
  });

  app.get('/unread-count', async (request) => ({
    count: await messages.getUnreadCount(ctx, requireUser(request).userId),
  }));

  app.post('/mark-all-read', async (request) =>
    messages.markMessagesRead(ctx, requireUser(request).userId),
  );

  app.post('/:id/read', async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(messageIdParamsSchema, request.params);
    return messages.markMessagesRead(ctx, userId, [id]);
  });

  app.post('/', async (request, reply) => {
    const { userId } = requireUser(request);
    const result = await messages.sendDesire(
      ctx,
      userId,
      parseInput(sendDesireSchema, request.body),
    );
    return reply.code(result.duplicate ? 200 : 201).send({ message: result.message });
  });
};
