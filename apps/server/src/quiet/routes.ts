import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { clearQuietHours, getQuietHours, setQuietHours } from './service.js';

export const quietHoursRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);
  route('getQuietHours', async ({ user }) => getQuietHours(ctx, user.userId));
  route('setQuietHours', async ({ user, body }) => setQuietHours(ctx, user.userId, body));
  route('clearQuietHours', async ({ user }) => {
    await clearQuietHours(ctx, user.userId);
    return undefined;
  });
};
