import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { listThoughts, markThoughtsRead, sendThought } from './service.js';

export const thoughtRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);
  route('sendThought', async ({ user, body, reply }) => {
    const result = await sendThought(ctx, user.userId, body?.id ?? null);
    // A retry of a stored thought is answered 200, not 201: nothing new was created.
    if (result.duplicate) void reply.code(200);
    return result.thought;
  });
  route('listThoughts', async ({ user }) => ({ thoughts: await listThoughts(ctx, user.userId) }));
  route('markThoughtsRead', async ({ user }) => ({
    count: await markThoughtsRead(ctx, user.userId),
  }));
};
