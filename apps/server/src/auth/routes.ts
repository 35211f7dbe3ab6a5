import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { getProfile } from '../profile/service.js';
import { requestLocale } from '../http/request-locale.js';
import * as auth from './service.js';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('signUp', async ({ body, request }) =>
    auth.signUp(ctx, body, requestLocale(request.headers['accept-language'])),
  );

  route('signIn', async ({ body }) => auth.signIn(ctx, body));

  route('refreshSession', async ({ body }) => auth.refreshSession(ctx, body.refresh_token));

  route('signOut', async ({ body, request }) => {
    await auth.signOut(ctx, {
      sessionId: request.auth?.sessionId,
      refreshToken: body?.refresh_token,
    });
    return undefined;
  });

  route('getCurrentUser', async ({ user }) => {
    // In turn, so that a token of a deleted user is always the 401 of getCurrentUser.
    const current = await auth.getCurrentUser(ctx, user.userId);
    return { user: current, profile: await getProfile(ctx, user.userId) };
  });

  route('confirmEmail', async ({ query, reply }) => {
    await auth.confirmEmail(ctx, query.token);
    return reply.redirect('/auth/welcome?confirmed=1', 303);
  });
};
