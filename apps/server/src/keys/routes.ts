import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import * as keys from './service.js';

export const keyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('getIdentityKeys', async ({ user }) => keys.getIdentityKeys(ctx, user.userId));

  route('getKeyHistory', async ({ user }) => keys.getKeyHistory(ctx, user.userId));

  route('listLinkRequests', async ({ user }) => keys.listLinkRequests(ctx, user.userId));

  route('publishIdentityKey', async ({ user, body }) =>
    keys.publishIdentityKey(ctx, user.userId, body),
  );

  route('createLinkRequest', async ({ user, body }) =>
    keys.createLinkRequest(ctx, user.userId, body.commitment),
  );

  route('getLinkRequest', async ({ user, params }) =>
    keys.getLinkRequest(ctx, user.userId, params.id),
  );

  route('respondLinkRequest', async ({ user, params, body }) =>
    keys.respondLinkRequest(ctx, user.userId, params.id, body),
  );

  route('revealLinkRequest', async ({ user, params, body }) =>
    keys.revealLinkRequest(ctx, user.userId, params.id, body),
  );

  route('approveLinkRequest', async ({ user, params, body }) =>
    keys.approveLinkRequest(ctx, user.userId, params.id, body.sealed_payload),
  );
};
