import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { createQuickAuthVerifier } from '../farcaster/auth-service.js';
import * as account from './service.js';
import { exportAccount } from './export-service.js';

/** POST /api/account/delete and GET /api/account/export. */
export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);
  const verifier = createQuickAuthVerifier(ctx);

  route('deleteAccount', async ({ user, body }) => {
    await account.deleteAccount(ctx, verifier, user, body);
    return undefined;
  });

  route('exportAccount', async ({ user }) => exportAccount(ctx, user));
};
