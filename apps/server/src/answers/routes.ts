import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { answerDesire } from './service.js';

export const answerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);
  route('answerDesire', async ({ user, params, body }) =>
    answerDesire(ctx, user.userId, params.id, body),
  );
};
