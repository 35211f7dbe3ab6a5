import type { FastifyPluginAsync } from 'fastify';
import { pushSubscriptionSchema, pushWebhookBodySchema } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { parseInput } from '../http/validate.js';
import type { PushSender } from './sender.js';
import * as push from './service.js';
import { checkWebhookSecret, sendWebhookNotification } from './webhook.js';

export const pushRoutes: FastifyPluginAsync<{ ctx: AppContext; sender: PushSender }> = async (
  app,
  { ctx, sender },
) => {
  /** The application server key browsers subscribe with. Public by design. */
  app.get('/public-key', async () => ({ publicKey: sender.publicKey }));

  app.put('/subscription', async (request) => {
    const { userId } = requireUser(request);
    const subscription = parseInput(pushSubscriptionSchema, request.body);
    return push.savePushSubscription(ctx, userId, subscription);
  });

  app.delete('/subscription', async (request, reply) => {
    const { userId } = requireUser(request);
    await push.deletePushSubscription(ctx, userId);
    return reply.code(204).send();
  });

  app.post('/webhook', async (request) => {
    checkWebhookSecret(ctx, request);
    const body = parseInput(pushWebhookBodySchema, request.body);
    return sendWebhookNotification(ctx, sender, body);
  });
};
