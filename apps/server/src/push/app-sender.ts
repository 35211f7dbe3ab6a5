import type { Agent as HttpsAgent } from 'node:https';
import type { AppContext } from '../context.js';
import { countWebPushes } from '../metrics/push.js';
import { createPushSender, type PushSender } from './sender.js';
import { loadVapidDetails } from './vapid.js';

/**
 * The app's one Web Push sender: signed with the configured or stored VAPID key, each outcome
 * counted in the metrics. Deliveries, account notices and /api/push all send through it.
 * `agent`: the https agent of the push requests (tests pass one that trusts their push service).
 */
export async function createAppPushSender(
  ctx: AppContext,
  agent?: HttpsAgent,
): Promise<PushSender> {
  const vapid = await loadVapidDetails(ctx.config, ctx.db);
  return countWebPushes(createPushSender(vapid, { agent }), ctx.metrics);
}
