import type { Locale } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Recipient } from '../delivery/decide.js';
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
import { notifyTokens } from './sender.js';

/**
 * Sends the mini-app notification a recipient was decided to get (none without tokens: none in
 * their quiet hours, as a notification cannot arrive silently), as background work after commit.
 */
export function notifyRecipient(
  ctx: AppContext,
  fetchImpl: typeof fetch,
  to: Recipient | null,
  notification: (locale: Locale) => MiniAppNotification,
): void {
  if (!to || to.miniAppTokens.length === 0) return;
  ctx.background.run(
    () => notifyTokens(ctx, fetchImpl, notification(to.locale), to.miniAppTokens),
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
}

/**
 * Mini-app notifications on the domain events, to the same people as Web Push. Whom, in which
 * language and whether at all came decided with the event: this only writes and sends.
 */
export function farcasterNotificationListeners(
  ctx: AppContext,
  fetchImpl: typeof fetch = fetch,
): ListenerModule {
  const { config } = ctx;
  const send = (to: Recipient | null, notification: (locale: Locale) => MiniAppNotification) =>
    notifyRecipient(ctx, fetchImpl, to, notification);

  const onDesire = ({ message, senderUsername, receiver }: DomainEventMap['desireSent'][0]) =>
    send(receiver, (locale) => desireNotification(config, message, senderUsername, locale));

  // The code owner learns that the redeemer (event.self) connected.
  const onPartner = ({ codeOwner, self }: DomainEventMap['partnerConnected'][0]) =>
    send(codeOwner, (locale) => partnerConnectedNotification(config, self, locale));

  const onAnswer = ({ asker, answererUsername }: DomainEventMap['desireAnswered'][0]) =>
    send(asker, (locale) => answeredNotification(config, answererUsername, locale));

  const onThought = ({ thought, senderUsername, receiver }: DomainEventMap['thoughtSent'][0]) =>
    send(receiver, (locale) => thoughtNotification(config, thought.id, senderUsername, locale));

  const onWishMatched = ({ roundId, people }: DomainEventMap['wishMatched'][0]) => {
    for (const person of people) {
      send(person, (locale) => wishMatchedNotification(config, roundId, locale));
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
