import {
  createVerifyAppKeyWithHub,
  InvalidEventDataError,
  InvalidJfsAppKeyError,
  InvalidJfsDataError,
  parseWebhookEvent,
  VerifyAppKeyError,
  type ParseWebhookEventResult,
  type VerifyAppKey,
} from '@farcaster/miniapp-node';
import { secureUrlSchema } from '@farcaster/miniapp-core';
import { SERVER_TEXTS } from '@couple/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { NEYNAR_HUB_URL } from './config.js';
import * as repo from './repository.js';

const HUB_TIMEOUT_MS = 10_000;

/**
 * The app-key verifier of the webhook: miniapp-node's hub verifier (GET
 * /v1/onChainSignersByFid on FARCASTER_HUB_URL, or on Neynar's hub when only NEYNAR_API_KEY is
 * set; the key is sent as x-api-key). With neither, every signed event is answered 503 so that
 * the Farcaster client retries once the server is configured.
 */
export function createAppKeyVerifier(config: Config, log: FastifyBaseLogger): VerifyAppKey {
  const hubUrl = config.FARCASTER_HUB_URL ?? (config.NEYNAR_API_KEY ? NEYNAR_HUB_URL : undefined);
  if (!hubUrl) {
    log.warn(
      'Farcaster webhook: neither FARCASTER_HUB_URL nor NEYNAR_API_KEY is set; events are refused (503)',
    );
    return async () => {
      throw new Error('no Farcaster hub is configured');
    };
  }
  const headers: Record<string, string> = config.NEYNAR_API_KEY
    ? { 'x-api-key': config.NEYNAR_API_KEY }
    : {};
  // A fresh verifier per call: its request options (and so the time-out signal) are fixed at creation.
  return (fid, appKey) =>
    createVerifyAppKeyWithHub(hubUrl, { headers, signal: AbortSignal.timeout(HUB_TIMEOUT_MS) })(
      fid,
      appKey,
    );
}

/** Notification URLs are POSTed to later: https and no IP or localhost, unless allowed for tests. */
export function isNotificationUrlAllowed(config: Config, url: string): boolean {
  if (secureUrlSchema.safeParse(url).success) return true;
  if (!config.FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) && url.length <= 1024;
  } catch {
    return false;
  }
}

async function verifyEvent(
  body: unknown,
  verifyAppKey: VerifyAppKey,
  log: FastifyBaseLogger,
): Promise<ParseWebhookEventResult> {
  try {
    return await parseWebhookEvent(body, verifyAppKey);
  } catch (error) {
    if (error instanceof InvalidJfsDataError) {
      const forged = /signature/i.test(error.message) && !/length/i.test(error.message);
      throw forged
        ? new HttpError('farcaster_signature_invalid')
        : new HttpError('farcaster_event_invalid', {
            text: `${SERVER_TEXTS.invalidWebhookEvent}: ${error.message}`,
          });
    }
    if (error instanceof InvalidJfsAppKeyError) throw new HttpError('farcaster_app_key_invalid');
    if (error instanceof InvalidEventDataError)
      throw new HttpError('farcaster_event_invalid', {
        text: `${SERVER_TEXTS.invalidWebhookEvent}: ${error.message}`,
      });
    if (error instanceof VerifyAppKeyError) {
      log.warn({ err: error.cause ?? error }, 'Farcaster app-key verification failed');
      throw new HttpError('farcaster_app_key_unavailable');
    }
    throw error;
  }
}

export type WebhookOutcome = 'stored' | 'disabled' | 'ignored';

/**
 * Applies one signed mini-app event of SPEC §3 to the profile with that fid:
 * miniapp_added (with details) and notifications_enabled store the token; miniapp_removed and
 * notifications_disabled disable the tokens of that Farcaster client. Unknown fids are ignored.
 */
export async function handleWebhookEvent(
  ctx: AppContext,
  verifyAppKey: VerifyAppKey,
  body: unknown,
): Promise<{ success: true; outcome: WebhookOutcome }> {
  const { fid, appFid, event } = await verifyEvent(body, verifyAppKey, ctx.log);
  const userId = await repo.findProfileIdByFarcasterId(ctx.db, fid);
  if (!userId) {
    ctx.log.info(
      { fid, appFid, event: event.event },
      'Farcaster webhook event for an unknown fid ignored',
    );
    return { success: true, outcome: 'ignored' };
  }

  if (event.event === 'miniapp_removed' || event.event === 'notifications_disabled') {
    const count = await ctx.db.asUser(userId, (tx) => repo.disableTokensOfClient(tx, appFid));
    ctx.log.info(
      { fid, appFid, event: event.event, count },
      'Farcaster notification tokens disabled',
    );
    return { success: true, outcome: 'disabled' };
  }

  const details = event.notificationDetails;
  if (!details) return { success: true, outcome: 'ignored' };
  if (!isNotificationUrlAllowed(ctx.config, details.url)) {
    throw new HttpError('notification_url_invalid');
  }
  const result = await ctx.db.asUser(userId, (tx) =>
    repo.storeToken(tx, { token: details.token, url: details.url, appFid }),
  );
  if (!result.success) throw new HttpError(result.error_code ?? 'farcaster_event_invalid');
  ctx.log.info({ fid, appFid, event: event.event }, 'Farcaster notification token stored');
  return { success: true, outcome: 'stored' };
}
