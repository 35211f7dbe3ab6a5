import type { FastifyInstance } from 'fastify';
import type { Agent as HttpsAgent } from 'node:https';
import type { AppContext } from '../context.js';
import { createPublicOnlyAgent } from '../http/public-network.js';
import { countWebPushes } from '../metrics/push.js';
import { createPushSender, type PushSender } from './sender.js';
import { loadVapidDetails } from './vapid.js';

/** The https agent of the push requests, and whether only public addresses may be reached. */
export interface PushAgent {
  agent: HttpsAgent;
  publicOnly: boolean;
}

/**
 * The agent Web Push goes out with: public addresses only, unless a test gives one that trusts
 * its push service. Its keep-alive sockets are closed with the app; app.ts makes it before the
 * context, so that they close after the background work (pushes under way) has settled.
 */
export function openPushAgent(app: FastifyInstance, testAgent?: HttpsAgent): PushAgent {
  if (testAgent) return { agent: testAgent, publicOnly: false };
  const agent = createPublicOnlyAgent();
  app.addHook('onClose', async () => {
    agent.destroy();
  });
  return { agent, publicOnly: true };
}

/**
 * The app's one Web Push sender: signed with the configured or stored VAPID key, each outcome
 * counted in the metrics. Deliveries, account notices and /api/push all send through it.
 */
export async function createAppPushSender(
  ctx: AppContext,
  { agent, publicOnly }: PushAgent,
): Promise<PushSender> {
  const vapid = await loadVapidDetails(ctx.config, ctx.db);
  return countWebPushes(createPushSender(vapid, { agent, publicOnly }), ctx.metrics);
}
