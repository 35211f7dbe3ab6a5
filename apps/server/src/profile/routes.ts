import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes, JsonAnswer } from '../http/contract-route.js';
import { getProfileJson, getProfileStats, setLocale, updateUsername } from './service.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('getProfile', async ({ user }) => new JsonAnswer(await getProfileJson(ctx, user.userId)));

  route('updateProfile', async ({ user, body }) => updateUsername(ctx, user.userId, body.username));

  route('setLocale', async ({ user, body }) => setLocale(ctx, user.userId, body.locale));

  route('getProfileStats', async ({ user }) => getProfileStats(ctx, user.userId));
};
