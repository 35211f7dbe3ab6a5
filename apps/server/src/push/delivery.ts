import type { AppContext } from '../context.js';
import type { DomainEventMap, ListenerModule } from '../events.js';
import {
  answeredOptions,
  answeredPayload,
  newDesireOptions,
  newDesirePayload,
  PARTNER_CONNECTED_OPTIONS,
  partnerConnectedPayload,
  thoughtOptions,
  thoughtPayload,
  wishMatchedOptions,
  wishMatchedPayload,
} from './payloads.js';
import { pushTargetOf, readPushTarget } from './target.js';
import type { PushSender } from './sender.js';
import { pushToSubscription, pushToUser } from './service.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { isQuietNow } from '../quiet/service.js';
import { answerReachesPartner } from '../answers/service.js';

type ThoughtEvent = DomainEventMap['thoughtSent'][0];

/**
 * Pushes to the receiver after each committed desire, and to the code owner when a partner
 * connects. Runs as background work: a slow or failing push service never fails or delays the
 * request.
 */
export function pushDeliveryListeners(ctx: AppContext, sender: PushSender): ListenerModule {
  function deliver(userId: string, push: () => Promise<unknown>): void {
    ctx.background.run(push, (error: unknown) => {
      const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
      // The database being away is an outage already reported elsewhere, not a bug here.
      const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
      ctx.log[level]({ userId, reason }, 'push delivery crashed');
    });
  }

  const onDesire = ({ message, senderUsername, receiver }: DomainEventMap['desireSent'][0]) => {
    const subscription = receiver.pushSubscription;
    if (!subscription) return;
    const userId = message.receiver_id;
    // In quiet hours the push still goes (the desire is not held back), but arrives silently.
    const quiet = isQuietNow(ctx, receiver.quietHours);
    // The receiver's language and unread counts came with the desire: no query here. The badge
    // counts unread desires and thoughts, as the app does.
    const to = pushTargetOf(ctx, userId, {
      locale: receiver.locale,
      unreadCount: receiver.unreadCount + receiver.unreadThoughts,
    });
    deliver(userId, async () => {
      const payload = newDesirePayload(
        to,
        senderUsername,
        message.intensity,
        message.urgency,
        quiet,
      );
      return pushToSubscription(
        ctx,
        sender,
        userId,
        subscription,
        payload,
        newDesireOptions(message.intensity, quiet),
      );
    });
  };

  const onPartner = ({ partner, self }: DomainEventMap['partnerConnected'][0]) => {
    deliver(partner.id, async () => {
      const to = await readPushTarget(ctx, partner.id);
      const payload = partnerConnectedPayload(to, self);
      return pushToUser(ctx, sender, partner.id, payload, PARTNER_CONNECTED_OPTIONS);
    });
  };

  const onAnswer = (event: DomainEventMap['desireAnswered'][0]) => {
    const { askerId, answererUsername, askerQuietHours } = event;
    const quiet = isQuietNow(ctx, askerQuietHours);
    deliver(askerId, async () => {
      if (!(await answerReachesPartner(ctx, event))) return;
      const payload = answeredPayload(await readPushTarget(ctx, askerId), answererUsername, quiet);
      await pushToUser(ctx, sender, askerId, payload, answeredOptions(quiet));
    });
  };

  // In the receiver's quiet hours it still goes, silently, as a desire does.
  const onThought = ({ thought, senderUsername, receiverQuietHours }: ThoughtEvent) => {
    const quiet = isQuietNow(ctx, receiverQuietHours);
    const userId = thought.receiver_id;
    deliver(userId, async () => {
      const payload = thoughtPayload(await readPushTarget(ctx, userId), senderUsername, quiet);
      await pushToUser(ctx, sender, userId, payload, thoughtOptions(quiet));
    });
  };

  // Both partners, each in their language, silent in their own quiet hours.
  const onWishMatched = ({ people }: DomainEventMap['wishMatched'][0]) => {
    for (const { userId, quietHours, notify } of people) {
      if (!notify) continue;
      const quiet = isQuietNow(ctx, quietHours);
      deliver(userId, async () => {
        const payload = wishMatchedPayload(await readPushTarget(ctx, userId), quiet);
        await pushToUser(ctx, sender, userId, payload, wishMatchedOptions(quiet));
      });
    }
  };

  return {
    name: 'push/delivery',
    listeners: {
      desireSent: onDesire,
      partnerConnected: onPartner,
      desireAnswered: onAnswer,
      thoughtSent: onThought,
      wishMatched: onWishMatched,
    },
  };
}
