import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import * as sessions from './sessions-service.js';

/** The account's signed-in devices: list, sign out one, sign out all the others. */
export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('listSessions', async ({ user }) => sessions.listSessions(ctx, user));

  route('signOutSession', async ({ user, params }) => {
    await sessions.signOutSession(ctx, user, params.id);
    return undefined;
  });

  route('signOutOtherSessions', async ({ user }) => ({
    signed_out: await sessions.signOutScope(ctx, user, 'others'),
  }));
};
