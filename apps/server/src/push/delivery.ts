import type { PushPayload } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Recipient } from '../delivery/decide.js';
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
import { pushTargetOf, type PushTarget } from './target.js';
import type { PushOptions, PushSender } from './sender.js';
import { pushToSubscription } from './service.js';
import { isDatabaseUnavailable } from '../db/errors.js';

/** One push, written for its target; `quiet`: in the recipient's quiet hours, to go silently. */
interface PushWriting {
  payload: (to: PushTarget, quiet: boolean) => PushPayload;
  options: (quiet: boolean) => PushOptions;
}

/**
 * Sends the push a recipient was decided to get (none when `to.push` is null), as background
 * work: a slow or failing push service never fails or delays the request.
 */
export function pushToRecipient(
  ctx: AppContext,
  sender: PushSender,
  to: Recipient | null,
  writing: PushWriting,
): void {
  const push = to?.push;
  if (!to || !push) return;
  ctx.background.run(
    async () => {
      const payload = writing.payload(pushTargetOf(ctx, to), push.quiet);
      const options = writing.options(push.quiet);
      return pushToSubscription(ctx, sender, to.userId, push.subscription, payload, options);
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
      // The database being away is an outage already reported elsewhere, not a bug here.
      const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
      ctx.log[level]({ userId: to.userId, reason }, 'push delivery crashed');
    },
  );
}

/**
 * Web Push on the domain events, to the person each is for (the receiver of a desire or a
 * thought, the code owner of a pairing, the asker of an answer, both partners of a match). Whom,
 * in which language and how loudly came decided with the event: this only writes and sends.
 */
export function pushDeliveryListeners(ctx: AppContext, sender: PushSender): ListenerModule {
  const send = (to: Recipient | null, writing: PushWriting) =>
    pushToRecipient(ctx, sender, to, writing);

  const onDesire = ({ message, senderUsername, receiver }: DomainEventMap['desireSent'][0]) => {
    const { intensity, urgency } = message;
    send(receiver, {
      payload: (to, quiet) => newDesirePayload(to, senderUsername, intensity, urgency, quiet),
      options: (quiet) => newDesireOptions(intensity, quiet),
    });
  };

  const onPartner = ({ codeOwner, self }: DomainEventMap['partnerConnected'][0]) =>
    send(codeOwner, {
      payload: (to) => partnerConnectedPayload(to, self),
      options: () => PARTNER_CONNECTED_OPTIONS,
    });

  const onAnswer = ({ asker, answererUsername }: DomainEventMap['desireAnswered'][0]) =>
    send(asker, {
      payload: (to, quiet) => answeredPayload(to, answererUsername, quiet),
      options: answeredOptions,
    });

  const onThought = ({ receiver, senderUsername }: DomainEventMap['thoughtSent'][0]) =>
    send(receiver, {
      payload: (to, quiet) => thoughtPayload(to, senderUsername, quiet),
      options: thoughtOptions,
    });

  const onWishMatched = ({ people }: DomainEventMap['wishMatched'][0]) => {
    for (const person of people) {
      send(person, { payload: wishMatchedPayload, options: wishMatchedOptions });
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
