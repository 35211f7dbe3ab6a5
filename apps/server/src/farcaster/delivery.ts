import type { Locale } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { DomainEventMap, ListenerModule } from '../events.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import {
  answeredNotification,
  desireNotification,
  partnerConnectedNotification,
  thoughtNotification,
  wishMatchedNotification,
  type MiniAppNotification,
} from './payloads.js';
import type { DeliveryToken } from './repository.js';
import { notifyUser } from './sender.js';
import { isQuietNow } from '../quiet/service.js';
import { answerReachesPartner } from '../answers/service.js';
import { readRecipient } from '../profile/recipient.js';

/**
 * Mini-app notifications on the domain events, as background work (after commit; never fails a
 * send).
 */
export function farcasterNotificationListeners(
  ctx: AppContext,
  fetchImpl: typeof fetch = fetch,
): ListenerModule {
  const deliver = (
    userId: string,
    notification: (locale: Locale) => MiniAppNotification,
    known: {
      /** Known with a desire; otherwise read when it goes. */
      tokens?: DeliveryToken[];
      locale?: Locale;
      /** Checked when it goes (an answer to someone who may have unpaired since). */
      allowed?: () => Promise<boolean>;
    } = {},
  ) =>
    ctx.background.run(
      async () => {
        if (known.allowed && !(await known.allowed())) return;
        const locale = known.locale ?? (await readRecipient(ctx, userId)).locale;
        await notifyUser(ctx, fetchImpl, userId, notification(locale), known.tokens);
      },
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) {
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
    // A notification cannot arrive silently: in quiet hours it is not sent (the desire is in
    // the inbox and the live channel as always).
    if (isQuietNow(ctx, receiver.quietHours)) return;
    const notification = (locale: Locale) =>
      desireNotification(ctx.config, message, senderUsername, locale);
    deliver(message.receiver_id, notification, {
      tokens: receiver.farcasterTokens,
      locale: receiver.locale,
    });
  };
  // The code owner (event.partner) learns that the redeemer (event.self) connected.
  const onPartner = ({ partner, self }: DomainEventMap['partnerConnected'][0]) =>
    deliver(partner.id, (locale) => partnerConnectedNotification(ctx.config, self, locale));

  const onAnswer = (event: DomainEventMap['desireAnswered'][0]) => {
    if (isQuietNow(ctx, event.askerQuietHours)) return;
    // A partner who unpaired since the answer is not told (checked when it goes).
    const notification = (locale: Locale) =>
      answeredNotification(ctx.config, event.answererUsername, locale);
    deliver(event.askerId, notification, { allowed: () => answerReachesPartner(ctx, event) });
  };

  // Skipped in the receiver's quiet hours, as a desire's is: a notification cannot be silent.
  const onThought = (event: DomainEventMap['thoughtSent'][0]) => {
    if (isQuietNow(ctx, event.receiverQuietHours)) return;
    const { thought, senderUsername } = event;
    deliver(thought.receiver_id, (locale) =>
      thoughtNotification(ctx.config, thought.id, senderUsername, locale),
    );
  };

  // Both partners; a notification cannot be silent, so none in a recipient's quiet hours.
  const onWishMatched = ({ roundId, people }: DomainEventMap['wishMatched'][0]) => {
    for (const { userId, quietHours, notify } of people) {
      if (!notify || isQuietNow(ctx, quietHours)) continue;
      deliver(userId, (locale) => wishMatchedNotification(ctx.config, roundId, locale));
    }
  };

  return {
    name: 'farcaster/delivery',
    listeners: {
      desireSent: onDesire,
      partnerConnected: onPartner,
      desireAnswered: onAnswer,
      thoughtSent: onThought,
      wishMatched: onWishMatched,
    },
  };
}
