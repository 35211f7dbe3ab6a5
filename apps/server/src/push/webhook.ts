import type { FastifyRequest } from 'fastify';
import type { PushWebhookBody } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { secretsMatch } from '../http/secrets.js';
import { WEBHOOK_OPTIONS } from './payloads.js';
import type { PushSender } from './sender.js';
import { pushToUser } from './service.js';

export const WEBHOOK_TEXTS = {
  notConfigured: 'Push webhook is not configured',
  badSecret: 'Invalid webhook secret',
  badToken: 'Invalid or expired token',
  noSubscription: 'No push subscription found',
  subscriptionGone: 'Push subscription has expired and was removed',
  pushFailed: (status: number | null) =>
    status === null ? 'Push service unreachable' : `Push service failed with status ${status}`,
} as const;

/** Compares the x-webhook-secret header with PUSH_WEBHOOK_SECRET in constant time. */
export function checkWebhookSecret(ctx: AppContext, request: FastifyRequest): void {
  const expected = ctx.config.PUSH_WEBHOOK_SECRET;
  if (!expected) throw new HttpError(503, WEBHOOK_TEXTS.notConfigured);
  const header = request.headers['x-webhook-secret'];
  const given = typeof header === 'string' ? header : '';
  if (!secretsMatch(given, expected)) {
    throw new HttpError(401, WEBHOOK_TEXTS.badSecret);
  }
}

/** SPEC §7 push webhook: sends the caller's notification to the user named by token or id. */
export async function sendWebhookNotification(
  ctx: AppContext,
  sender: PushSender,
  body: PushWebhookBody,
): Promise<{ success: true; delivered: number }> {
  let userId = body.userId;
  if (body.token !== undefined) {
    const claims = await ctx.tokens.verifyAccessToken(body.token);
    if (!claims) throw new HttpError(401, WEBHOOK_TEXTS.badToken);
    userId = claims.userId;
  }
  if (!userId) throw new HttpError(400, 'Exactly one of token or userId is required');
  const outcome = await pushToUser(
    ctx,
    sender,
    userId,
    { userId, ...body.notification },
    WEBHOOK_OPTIONS,
  );
  switch (outcome.result) {
    case 'delivered':
      return { success: true, delivered: 1 };
    case 'no_subscription':
      throw new HttpError(404, WEBHOOK_TEXTS.noSubscription, { success: false, delivered: 0 });
    case 'gone':
      throw new HttpError(410, WEBHOOK_TEXTS.subscriptionGone, { success: false, delivered: 0 });
    case 'failed':
      throw new HttpError(502, WEBHOOK_TEXTS.pushFailed(outcome.status), {
        success: false,
        delivered: 0,
      });
  }
}
