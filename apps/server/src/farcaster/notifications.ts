import { randomUUID } from 'node:crypto';
import {
  sendNotificationRequestSchema,
  sendNotificationResponseSchema,
} from '@farcaster/miniapp-core';
import {
  MINI_APP_NOTIFICATION_LIMITS,
  TEXTS,
  desireNotificationBody,
  partnerConnectedBody,
  type Message,
  type PartnerSummary,
} from '@couple/protocol';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { BackgroundWork } from '../background/background-work.js';
import type { DomainEventMap } from '../events.js';
import * as repo from './repository.js';
import { isNotificationUrlAllowed } from './webhook.js';
import { isDatabaseUnavailable } from '../http/errors.js';

const SEND_TIMEOUT_MS = 10_000;

export interface MiniAppNotification {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
}

/** Cuts text to at most max UTF-16 units (what the limits count), never inside a character. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

function target(config: Config, path: string): string {
  return config.PUBLIC_URL.replace(/\/+$/, '') + path;
}

/** A new desire: never the note, only the scores (SPEC §3). */
export function desireNotification(
  config: Config,
  message: Message,
  senderUsername: string,
): MiniAppNotification {
  const { title, body, notificationId } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: truncate(`desire-${message.id}`, notificationId),
    title: truncate(TEXTS.pushNewDesireTitle(senderUsername), title),
    body: truncate(desireNotificationBody(message.intensity, message.urgency), body),
    targetUrl: target(config, '/notifications'),
  };
}

export function partnerConnectedNotification(
  config: Config,
  redeemer: PartnerSummary,
): MiniAppNotification {
  const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: `partner-connected-${randomUUID()}`,
    title: truncate(TEXTS.pushPartnerConnectedTitle, title),
    body: truncate(partnerConnectedBody(redeemer.username), body),
    targetUrl: target(config, '/profile'),
  };
}

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
  const request = sendNotificationRequestSchema.safeParse({ ...notification, tokens });
  if (!request.success) {
    ctx.log.warn(
      { issue: request.error.issues[0]?.message },
      'Farcaster notification not sent: invalid request',
    );
    return;
  }
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.data),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (!response.ok) {
    ctx.log.warn(
      { status: response.status, host: new URL(url).host },
      'Farcaster notification server refused',
    );
    return;
  }
  const parsed = sendNotificationResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    ctx.log.warn(
      { host: new URL(url).host },
      'Farcaster notification server answered an unexpected body',
    );
    return;
  }
  const { invalidTokens, rateLimitedTokens } = parsed.data.result;
  const sent = new Set(tokens);
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
 * Sends one notification to every enabled Farcaster token of a user. A refused or failed POST is
 * logged; only reading the tokens can throw.
 */
export async function notifyUser(
  ctx: AppContext,
  fetchImpl: typeof fetch,
  userId: string,
  notification: MiniAppNotification,
  knownTokens?: repo.DeliveryToken[],
): Promise<void> {
  const tokens = knownTokens ?? (await repo.listEnabledTokens(ctx.db, userId));
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

/**
 * Subscribes mini-app notifications to the domain events, as background work (after commit;
 * never fails a send). Returns the function that stops listening.
 */
export function registerFarcasterNotifications(
  ctx: AppContext,
  background: BackgroundWork,
  fetchImpl: typeof fetch = fetch,
): () => void {
  const deliver = (
    userId: string,
    notification: MiniAppNotification,
    tokens?: repo.DeliveryToken[],
  ) =>
    background.run(
      () => notifyUser(ctx, fetchImpl, userId, notification, tokens),
      (error: unknown) => {
        if (isDatabaseUnavailable(error as Error)) {
          ctx.log.warn(
            { reason: (error as Error).message },
            'Farcaster notification delivery failed',
          );
        } else {
          ctx.log.error({ err: error }, 'Farcaster notification delivery failed');
        }
      },
    );
  // The receiver's tokens came with the desire: no query when there are none.
  const onDesire = ({ message, senderUsername, receiver }: DomainEventMap['desireSent'][0]) => {
    if (receiver.farcasterTokens.length === 0) return;
    const notification = desireNotification(ctx.config, message, senderUsername);
    deliver(message.receiver_id, notification, receiver.farcasterTokens);
  };
  // The code owner (event.partner) learns that the redeemer (event.self) connected.
  const onPartner = ({ partner, self }: DomainEventMap['partnerConnected'][0]) =>
    deliver(partner.id, partnerConnectedNotification(ctx.config, self));

  ctx.events.on('desireSent', onDesire);
  ctx.events.on('partnerConnected', onPartner);
  return () => {
    ctx.events.off('desireSent', onDesire);
    ctx.events.off('partnerConnected', onPartner);
  };
}
