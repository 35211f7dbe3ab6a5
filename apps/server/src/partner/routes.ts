import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import * as partner from './service.js';

export const partnerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('getPartnerStatus', async ({ user }) => partner.getPartnerStatus(ctx, user.userId));

  route('generatePairingCode', async ({ user }) => partner.generatePairingCode(ctx, user.userId));

  route('connectWithPairingCode', async ({ user, body }) =>
    partner.connectWithPairingCode(ctx, user.userId, body.code),
  );

  route('disconnectFromPartner', async ({ user }) =>
    partner.disconnectFromPartner(ctx, user.userId),
  );
};
