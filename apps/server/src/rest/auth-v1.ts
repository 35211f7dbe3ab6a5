import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  refreshBodySchema,
  signInBodySchema,
  signUpBodySchema,
  type AuthUser,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { limitPerMinute } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import * as auth from '../auth/service.js';
import { GoTrueError, toGoTrueError, useErrorShape } from './errors.js';

const grantQuerySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token'], {
    error: 'grant_type must be password or refresh_token',
  }),
});

/** The auth user as that family shows it: ours, plus audience and role. */
function goTrueUser(user: AuthUser) {
  return {
    ...user,
    aud: 'authenticated',
    role: 'authenticated',
    confirmed_at: user.email_confirmed_at,
  };
}

/** /auth/v1: the hosted-auth calls of SPEC §7, answered by our auth service. */
export const authV1Routes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  useErrorShape(app, toGoTrueError);
  const { config } = ctx;

  app.post('/token', limitPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE), async (request) => {
    const { grant_type } = parseInput(grantQuerySchema, request.query);
    if (grant_type === 'refresh_token') {
      return auth.refreshSession(ctx, parseInput(refreshBodySchema, request.body).refresh_token);
    }
    // gotrue_meta_security carries a captcha token; there is no captcha here, so it is ignored.
    return auth.signIn(ctx, parseInput(signInBodySchema, request.body));
  });

  app.post('/signup', limitPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE), async (request) => {
    const result = await auth.signUp(ctx, parseInput(signUpBodySchema, request.body));
    return 'session' in result ? { ...goTrueUser(result.user), session: null } : result;
  });

  app.post('/logout', async (request, reply) => {
    if (!request.auth) throw new GoTrueError(401, 'session_missing', 'Auth session missing!');
    await auth.signOut(ctx, { sessionId: request.auth.sessionId });
    return reply.code(204).send();
  });

  app.get('/user', async (request) =>
    goTrueUser(await auth.getCurrentUser(ctx, requireUser(request).userId)),
  );
};
