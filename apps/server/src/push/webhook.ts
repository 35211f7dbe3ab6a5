import type { FastifyRequest } from 'fastify';
import { SERVER_TEXTS, english, type PushWebhookBody } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { secretsMatch } from '../http/secrets.js';
import { WEBHOOK_OPTIONS } from './payloads.js';
import type { PushSender } from './sender.js';
import { pushToUser } from './service.js';

/** Compares the x-webhook-secret header with PUSH_WEBHOOK_SECRET in constant time. */
export function checkWebhookSecret(ctx: AppContext, request: FastifyRequest): void {
  const expected = ctx.config.PUSH_WEBHOOK_SECRET;
  if (!expected) throw new HttpError('push_webhook_not_configured');
  const header = request.headers['x-webhook-secret'];
  const given = typeof header === 'string' ? header : '';
  if (!secretsMatch(given, expected)) {
    throw new HttpError('webhook_secret_invalid');
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
    if (!claims) throw new HttpError('webhook_token_invalid');
    userId = claims.userId;
  }
  if (!userId)
    throw new HttpError('invalid_input', { text: 'Exactly one of token or userId is required' });
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
      throw new HttpError('push_subscription_missing', { extra: { success: false, delivered: 0 } });
    case 'gone':
      throw new HttpError('push_subscription_gone', { extra: { success: false, delivered: 0 } });
    case 'failed':
      throw new HttpError('push_failed', {
        text:
          outcome.status === null
            ? SERVER_TEXTS.pushServiceUnreachable
            : english(SERVER_TEXTS.pushServiceFailed, { status: outcome.status }),
        extra: { success: false, delivered: 0 },
      });
  }
}
