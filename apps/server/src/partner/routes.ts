import type { FastifyPluginAsync } from 'fastify';
import { connectBodySchema } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { limitPerMinute } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import { HttpError } from '../http/errors.js';
import * as partner from './service.js';

export const partnerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const pairingLimit = limitPerMinute(ctx.config.RATE_LIMIT_PAIRING_PER_MINUTE);

  app.get('/status', async (request) => partner.getPartnerStatus(ctx, requireUser(request).userId));

  app.post('/generate-code', pairingLimit, async (request) =>
    partner.generatePairingCode(ctx, requireUser(request).userId),
  );

  app.post('/connect', pairingLimit, async (request) => {
    const { userId } = requireUser(request);
    let code: string;
    try {
      ({ code } = parseInput(connectBodySchema, request.body));
    } catch (error) {
      // Pairing answers keep their { success: false, error } shape even for malformed input.
      if (error instanceof HttpError)
        throw new HttpError(error.statusCode, error.message, { success: false });
      throw error;
    }
    return partner.connectWithPairingCode(ctx, userId, code);
  });

  app.post('/disconnect', async (request) =>
    partner.disconnectFromPartner(ctx, requireUser(request).userId),
  );
};
