import type { FastifyPluginAsync } from 'fastify';
import { SERVER_TEXTS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { contractRoute } from '../http/contract-route.js';

export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  contractRoute(app, ctx.config, 'health', async ({ reply }) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ok', database: ctx.db.driver };
    } catch {
      return reply.code(503).send({
        status: 'unavailable',
        error: SERVER_TEXTS.databaseUnreachable,
        code: 'service_unavailable',
      });
    }
  });
};
