import type { Agent } from 'node:https';
import webpush, { type Urgency } from 'web-push';
import type { PushPayload, StoredPushSubscription } from '@couple/protocol';
import type { VapidDetails } from './vapid.js';
import { assertPublicEndpoint, createPublicOnlyAgent } from '../http/public-network.js';

/** How long a push service may hold a message for an offline device, and how urgent it is. */
export interface PushOptions {
  ttlSeconds: number;
  urgency: Urgency;
}

/** delivered: accepted by the push service; gone: 404/410, the subscription is dead. */
export type SendOutcome =
  | { result: 'delivered' }
  | { result: 'gone'; status: number }
  | { result: 'failed'; status: number | null; reason: string };

export interface PushSender {
  readonly publicKey: string;
  send(
    subscription: StoredPushSubscription,
    payload: PushPayload,
    options: PushOptions,
  ): Promise<SendOutcome>;
}

export interface PushSenderOptions {
  /**
   * The https agent for push requests; tests pass one that trusts their certificate. Without one,
   * only endpoints on public addresses are reached.
   */
  agent?: Agent;
  /** Refuse endpoints on private addresses (the default without a given agent). */
  publicOnly?: boolean;
  /** Socket timeout of one push request. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** A reason safe to log: never the endpoint, keys or the push service's answer body. */
function failureReason(error: unknown): string {
  if (error instanceof webpush.WebPushError) return `push service answered ${error.statusCode}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
}

/** Sends encrypted (aes128gcm) Web Push messages signed with the VAPID key. */
export function createPushSender(vapid: VapidDetails, options: PushSenderOptions = {}): PushSender {
  const agent = options.agent ?? createPublicOnlyAgent();
  const guarded = options.publicOnly ?? !options.agent;
  return {
    publicKey: vapid.publicKey,
    async send(subscription, payload, { ttlSeconds, urgency }) {
      try {
        if (guarded) assertPublicEndpoint(subscription.endpoint);
        await webpush.sendNotification(subscription, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: ttlSeconds,
          urgency,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          agent,
        });
        return { result: 'delivered' };
      } catch (error) {
        if (
          error instanceof webpush.WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        ) {
          return { result: 'gone', status: error.statusCode };
        }
        const status = error instanceof webpush.WebPushError ? error.statusCode : null;
        return { result: 'failed', status, reason: failureReason(error) };
      }
    },
  };
}
