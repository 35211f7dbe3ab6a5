import {
  sendNotificationRequestSchema,
  sendNotificationResponseSchema,
} from '@farcaster/miniapp-core';
import { z } from 'zod';
import { MINI_APP_NOTIFICATION_LIMITS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { MiniAppNotification } from './payloads.js';
import * as repo from './repository.js';
import { isNotificationUrlAllowed } from './webhook.js';

const SEND_TIMEOUT_MS = 10_000;

/**
 * With FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS (development and tests), the notification may
 * link to an http PUBLIC_URL; the protocol's schema otherwise refuses every such request.
 */
const insecureRequestSchema = sendNotificationRequestSchema.extend({
  targetUrl: z.url({ protocol: /^https?$/ }).max(1024),
});

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One POST of the mini-app notification protocol; invalid tokens are disabled afterwards. */
async function postBatch(
  ctx: AppContext,
  fetchImpl: typeof fetch,
  url: string,
  notification: MiniAppNotification,
  tokens: string[],
): Promise<void> {
  const schema = ctx.config.FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS
    ? insecureRequestSchema
    : sendNotificationRequestSchema;
  const request = schema.safeParse({ ...notification, tokens });
  if (!request.success) {
    ctx.log.warn(
      { issue: request.error.issues[0]?.message },
      'Farcaster notification not sent: invalid request',
    );
    return ctx.metrics.miniAppNotificationsFailed('invalid_request', tokens.length);
  }
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.data),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    ctx.metrics.miniAppNotificationsFailed('network', tokens.length);
    throw error;
  });
  if (!response.ok) {
    ctx.log.warn(
      { status: response.status, host: new URL(url).host },
      'Farcaster notification server refused',
    );
    return ctx.metrics.miniAppNotificationsFailed('refused', tokens.length);
  }
  const parsed = sendNotificationResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    ctx.log.warn(
      { host: new URL(url).host },
      'Farcaster notification server answered an unexpected body',
    );
    return ctx.metrics.miniAppNotificationsFailed('bad_answer', tokens.length);
  }
  const { successfulTokens, invalidTokens, rateLimitedTokens } = parsed.data.result;
  const sent = new Set(tokens);
  const ours = (list: string[]) => list.filter((token) => sent.has(token)).length;
  ctx.metrics.miniAppNotificationsSent(ours(successfulTokens));
  ctx.metrics.miniAppNotificationsFailed('invalid_token', ours(invalidTokens));
  ctx.metrics.miniAppNotificationsFailed('rate_limited', ours(rateLimitedTokens));
  await repo.disableTokens(
    ctx.db,
    url,
    invalidTokens.filter((token) => sent.has(token)),
  );
  if (rateLimitedTokens.length > 0) {
    ctx.log.info(
      { count: rateLimitedTokens.length },
      'Farcaster notification rate-limited for some tokens',
    );
  }
}

/**
 * Sends one notification to a person's enabled Farcaster tokens, read with the event that tells
 * them (delivery/decide.ts). A refused or failed POST is logged, never thrown.
 */
export async function notifyTokens(
  ctx: AppContext,
  fetchImpl: typeof fetch,
  notification: MiniAppNotification,
  tokens: repo.DeliveryToken[],
): Promise<void> {
  // 'No notification tokens found' is not an error for the send: nothing to do.
  if (tokens.length === 0) return;
  const byUrl = new Map<string, string[]>();
  for (const { url, token } of tokens) byUrl.set(url, [...(byUrl.get(url) ?? []), token]);
  const batches = [...byUrl].flatMap(([url, list]) =>
    isNotificationUrlAllowed(ctx.config, url)
      ? chunks(list, MINI_APP_NOTIFICATION_LIMITS.tokensPerRequest).map((batch) => ({
          url,
          batch,
        }))
      : [],
  );
  const results = await Promise.allSettled(
    batches.map(({ url, batch }) => postBatch(ctx, fetchImpl, url, notification, batch)),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      ctx.log.warn(
        { err: result.reason as unknown },
        'Farcaster notification could not be delivered',
      );
    }
  }
}
