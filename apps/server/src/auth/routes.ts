import type { FastifyPluginAsync } from 'fastify';
import {
  confirmEmailQuerySchema,
  refreshBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@couple/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { limitPerMinute } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import { getProfile } from '../profile/service.js';
import * as auth from './service.js';

const logoutBodySchema = z.object({ refresh_token: z.string().max(200).optional() }).nullish();

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  app.post('/signup', limitPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE), async (request, reply) => {
    const result = await auth.signUp(ctx, parseInput(signUpBodySchema, request.body));
    return reply.code(201).send(result);
  });

  app.post('/login', limitPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE), async (request) =>
    auth.signIn(ctx, parseInput(signInBodySchema, request.body)),
  );

  app.post('/refresh', limitPerMinute(config.RATE_LIMIT_REFRESH_PER_MINUTE), async (request) =>
    auth.refreshSession(ctx, parseInput(refreshBodySchema, request.body).refresh_token),
  );

  app.post('/logout', async (request, reply) => {
    const body = parseInput(logoutBodySchema, request.body);
    await auth.signOut(ctx, {
      sessionId: request.auth?.sessionId,
      refreshToken: body?.refresh_token,
    });
    return reply.code(204).send();
  });

  app.get('/me', async (request) => {
    const { userId } = requireUser(request);
    // In turn, so that a token of a deleted user is always the 401 of getCurrentUser.
    const user = await auth.getCurrentUser(ctx, userId);
    return { user, profile: await getProfile(ctx, userId) };
  });

  app.get('/confirm', limitPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE), async (request, reply) => {
    await auth.confirmEmail(ctx, parseInput(confirmEmailQuerySchema, request.query).token);
    return reply.redirect('/auth/welcome?confirmed=1', 303);
  });
};
