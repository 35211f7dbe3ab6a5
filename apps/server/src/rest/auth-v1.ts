import type { FastifyPluginAsync } from 'fastify';
import {
  goTrueGrantQuerySchema,
  goTrueLogoutQuerySchema,
  goTrueSignInBodySchema,
  goTrueSignUpBodySchema,
  refreshBodySchema,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../auth/guard.js';
import { rateLimitFor } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import * as auth from '../auth/service.js';
import { requestLocale } from '../http/request-locale.js';
import { signOutScope } from '../auth/sessions-service.js';
import { GoTrueError, toGoTrueError, useErrorShape } from './errors.js';
import { goTrueSession, goTrueUser } from './auth-v1-user.js';
import { authV1CredentialRoutes } from './auth-v1-credentials.js';

/** /auth/v1: the hosted-auth calls of SPEC §7, answered by our auth service. */
export const authV1Routes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  useErrorShape(app, toGoTrueError);
  // GoTrue's answers name their API version; supabase-js then reads error codes from `code`.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-supabase-api-version', '2024-01-01');
  });
  const { config } = ctx;
  await app.register(authV1CredentialRoutes, { ctx });

  app.post('/token', rateLimitFor(app, config, 'signIn'), async (request) => {
    const { grant_type } = parseInput(goTrueGrantQuerySchema, request.query);
    if (grant_type === 'refresh_token') {
      const { refresh_token } = parseInput(refreshBodySchema, request.body);
      return goTrueSession(await auth.refreshSession(ctx, refresh_token));
    }
    const { email, password } = parseInput(goTrueSignInBodySchema, request.body);
    return goTrueSession(await auth.signIn(ctx, { email, password }));
  });

  app.post('/signup', rateLimitFor(app, config, 'signUp'), async (request) => {
    const { email, password, username } = parseInput(goTrueSignUpBodySchema, request.body);
    const language = requestLocale(request.headers['accept-language']);
    const result = await auth.signUp(ctx, { email, password, username }, language);
    return 'session' in result
      ? { ...goTrueUser(result.user), session: null }
      : goTrueSession(result);
  });

  // supabase-js posts logout with a JSON content type and no body (accepted app-wide).
  app.post('/logout', async (request, reply) => {
    if (!request.auth) throw new GoTrueError(401, 'session_missing', 'Auth session missing!');
    const { scope } = parseInput(goTrueLogoutQuerySchema, request.query);
    await signOutScope(ctx, request.auth, scope);
    return reply.code(204).send();
  });

  app.get('/user', async (request) =>
    goTrueUser(await auth.getCurrentUser(ctx, requireUser(request).userId)),
  );
};
