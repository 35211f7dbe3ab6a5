import type { PushSender, SendOutcome } from '../push/sender.js';
import type { AppMetrics, WebPushFailure } from './registry.js';

/** A push not accepted, as a reason of few values (never an endpoint or an answer body). */
export function webPushFailure(
  outcome: Exclude<SendOutcome, { result: 'delivered' }>,
): WebPushFailure {
  if (outcome.result === 'gone') return 'gone';
  if (outcome.status === null) return 'network';
  return outcome.status >= 500 ? 'push_service_error' : 'rejected';
}

/** The same sender, counting each push's outcome: every kind of push goes through it. */
export function countWebPushes(sender: PushSender, metrics: AppMetrics): PushSender {
  return {
    publicKey: sender.publicKey,
    async send(subscription, payload, options) {
      const outcome = await sender.send(subscription, payload, options);
      if (outcome.result === 'delivered') metrics.webPushSent();
      else metrics.webPushFailed(webPushFailure(outcome));
      return outcome;
    },
  };
}
