import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import type { PushSender } from './sender.js';
import * as push from './service.js';
import { checkWebhookSecret, sendWebhookNotification } from './webhook.js';

export const pushRoutes: FastifyPluginAsync<{ ctx: AppContext; sender: PushSender }> = async (
  app,
  { ctx, sender },
) => {
  const route = contractRoutes(app, ctx.config);

  /** The application server key browsers subscribe with. Public by design. */
  route('getPushPublicKey', async () => ({ publicKey: sender.publicKey }));

  route('savePushSubscription', async ({ user, body }) =>
    push.savePushSubscription(ctx, user.userId, body),
  );

  route('deletePushSubscription', async ({ user }) => {
    await push.deletePushSubscription(ctx, user.userId);
    return undefined;
  });

  route(
    'sendPushWebhook',
    async ({ body }) => sendWebhookNotification(ctx, sender, body),
    (request) => checkWebhookSecret(ctx, request),
  );
};
