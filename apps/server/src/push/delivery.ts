import type { AppContext } from '../context.js';
import type { PushPayload } from '@couple/protocol';
import {
  newDesireOptions,
  newDesirePayload,
  PARTNER_CONNECTED_OPTIONS,
  partnerConnectedPayload,
} from './payloads.js';
import type { PushOptions, PushSender } from './sender.js';
import { pushToUser } from './service.js';
import { isDatabaseUnavailable } from '../http/errors.js';

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

  function deliver(userId: string, payload: PushPayload, options: PushOptions): void {
    const work = pushToUser(ctx, sender, userId, payload, options).then(
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

  ctx.events.on('desireSent', ({ message, senderUsername }) => {
    deliver(
      message.receiver_id,
      newDesirePayload(message.receiver_id, senderUsername, message.intensity, message.urgency),
      newDesireOptions(message.intensity),
    );
  });

  ctx.events.on('partnerConnected', ({ partner, self }) => {
    deliver(partner.id, partnerConnectedPayload(partner.id, self), PARTNER_CONNECTED_OPTIONS);
  });

  return {
    async settle() {
      await Promise.all([...pending]);
    },
  };
}
