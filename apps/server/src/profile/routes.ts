import type { FastifyPluginAsync } from 'fastify';
import { updateProfileBodySchema } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { parseInput } from '../http/validate.js';
import { getProfile, getProfileStats, updateUsername } from './service.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', async (request) => getProfile(ctx, requireUser(request).userId));

  app.patch('/', async (request) => {
    const { userId } = requireUser(request);
    const { username } = parseInput(updateProfileBodySchema, request.body);
    return updateUsername(ctx, userId, username);
  });

  app.get('/stats', async (request) => getProfileStats(ctx, requireUser(request).userId));
};
