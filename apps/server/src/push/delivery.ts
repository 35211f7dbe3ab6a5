import type { AppContext } from '../context.js';
import {
  newDesireOptions,
  newDesirePayload,
  PARTNER_CONNECTED_OPTIONS,
  partnerConnectedPayload,
} from './payloads.js';
import type { PushSender } from './sender.js';
import { pushToSubscription, pushToUser } from './service.js';
import { isDatabaseUnavailable } from '../db/errors.js';

export interface PushDelivery {
  /** Resolves when every push started so far has finished (used on shutdown). */
  settle(): Promise<void>;
}

/**
 * Pushes to the receiver after each committed desire, and to the code owner when a partner
 * connects. Runs beside the request: a slow or failing push service never fails or delays it.
 */
export function registerPushDelivery(ctx: AppContext, sender: PushSender): PushDelivery {
  const pending = new Set<Promise<void>>();

  function track(userId: string, push: () => Promise<unknown>): void {
    const work = push().then(
      () => undefined,
      (error: unknown) => {
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
        // The database being away is an outage already reported elsewhere, not a bug here.
        const level = isDatabaseUnavailable(error as Error) ? 'warn' : 'error';
        ctx.log[level]({ userId, reason }, 'push delivery crashed');
      },
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  ctx.events.on('desireSent', ({ message, senderUsername, receiver }) => {
    const subscription = receiver.pushSubscription;
    if (!subscription) return;
    const userId = message.receiver_id;
    const payload = newDesirePayload(userId, senderUsername, message.intensity, message.urgency);
    track(userId, () =>
      pushToSubscription(
        ctx,
        sender,
        userId,
        subscription,
        payload,
        newDesireOptions(message.intensity),
      ),
    );
  });

  ctx.events.on('partnerConnected', ({ partner, self }) => {
    const payload = partnerConnectedPayload(partner.id, self);
    track(partner.id, () =>
      pushToUser(ctx, sender, partner.id, payload, PARTNER_CONNECTED_OPTIONS),
    );
  });

  return {
    async settle() {
      await Promise.all([...pending]);
    },
  };
}
