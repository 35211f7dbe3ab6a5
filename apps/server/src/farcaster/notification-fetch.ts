import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createPublicFetch, createPublicOnlyAgent } from '../http/public-network.js';

/**
 * The fetch that mini-app notifications go out with: to public https addresses only
 * (http/public-network.ts), unless FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS lets a test reach
 * its local host. Its keep-alive sockets are closed with the app; app.ts makes it before the
 * context, so that they close after the background work (notifications under way) has settled.
 */
export function openNotificationFetch(app: FastifyInstance, config: Config): typeof fetch {
  if (config.FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS) return fetch;
  const agent = createPublicOnlyAgent();
  app.addHook('onClose', async () => {
    agent.destroy();
  });
  return createPublicFetch(agent);
}
