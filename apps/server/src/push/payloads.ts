import {
  ANSWERED_BODY,
  ANSWERED_TITLE,
  desireNotificationValues,
  isIntense,
  PUSH_TEXTS,
  TEXTS,
  WISH_TEXTS,
  textDirection,
  translate,
  type PartnerSummary,
  type PushPayload,
} from '@couple/protocol';
import type { PushOptions } from './sender.js';
import type { PushTarget } from './target.js';

const DAY_SECONDS = 24 * 60 * 60;

export interface PushContent {
  title: string;
  /** What the service worker shows. */
  body: string;
  /** What a device shows without the service worker; nothing private. Defaults to body. */
  fallbackBody?: string;
  url: string;
  data: Record<string, unknown> & { type: string };
  silent?: boolean;
}

/**
 * One payload in both forms: the SPEC §3 fields the service worker reads (Chrome, Firefox,
 * Android and Safari alike), and Declarative Web Push (Safari 18.4+), shown without the worker;
 * `mutable` lets the worker still show its own.
 */
export function pushPayload(to: PushTarget, content: PushContent): PushPayload {
  const { title, body, fallbackBody, url, data, silent } = content;
  return {
    userId: to.userId,
    title,
    body,
    url,
    data: { ...data, ...(silent ? { silent: true } : {}) },
    web_push: 8030,
    notification: {
      title,
      body: fallbackBody ?? body,
      navigate: new URL(url, to.publicUrl).toString(),
      lang: to.locale,
      dir: textDirection(to.locale),
      ...(silent ? { silent: true } : {}),
      app_badge: String(to.unreadCount),
    },
    mutable: true,
  };
}

/** SPEC §3: never the note, only who, how intense and how urgent (and without the worker, who). */
export function newDesirePayload(
  to: PushTarget,
  senderUsername: string,
  intensity: number,
  urgency: number,
  quiet = false,
): PushPayload {
  return pushPayload(to, {
    title: translate(to.locale, TEXTS.pushNewDesireTitle, { name: senderUsername }),
    body: translate(to.locale, PUSH_TEXTS.desireBody, desireNotificationValues(intensity, urgency)),
    fallbackBody: translate(to.locale, PUSH_TEXTS.newDesire),
    url: '/notifications',
    data: { type: 'new_desire', intensity },
    silent: quiet,
  });
}

/**
 * A desire is worth a day of waiting for an offline phone; an intense one wakes it now, except in
 * the receiver's quiet hours (then the push service may wait for a convenient moment).
 */
export function newDesireOptions(intensity: number, quiet = false): PushOptions {
  const urgency = quiet ? 'low' : isIntense(intensity) ? 'high' : 'normal';
  return { ttlSeconds: DAY_SECONDS, urgency };
}

export function partnerConnectedPayload(to: PushTarget, partner: PartnerSummary): PushPayload {
  return pushPayload(to, {
    title: translate(to.locale, TEXTS.pushPartnerConnectedTitle),
    body: translate(to.locale, PUSH_TEXTS.partnerConnectedBody, { name: partner.username }),
    url: '/profile',
    data: { type: 'partner_connected' },
  });
}

export const PARTNER_CONNECTED_OPTIONS: PushOptions = {
  ttlSeconds: DAY_SECONDS,
  urgency: 'normal',
};

/** What the push webhook sends when its caller names no options. */
export const WEBHOOK_OPTIONS: PushOptions = { ttlSeconds: DAY_SECONDS, urgency: 'normal' };

/** The desire's sender learns that it was answered: the name only, never the answer. */
export function answeredPayload(
  to: PushTarget,
  answererUsername: string,
  quiet = false,
): PushPayload {
  return pushPayload(to, {
    title: translate(to.locale, ANSWERED_TITLE, { name: answererUsername }),
    body: translate(to.locale, ANSWERED_BODY),
    url: '/notifications?view=sent',
    data: { type: 'desire_answered' },
    silent: quiet,
  });
}

/** An answer can wait a day; in the asker's quiet hours the push service may hold it. */
export function answeredOptions(quiet: boolean): PushOptions {
  return { ttlSeconds: DAY_SECONDS, urgency: quiet ? 'low' : 'normal' };
}

/**
 * "Thinking of you": who, and nothing else (no score, no note). The title says it all; it opens
 * the inbox, where the thought is a light entry.
 */
export function thoughtPayload(to: PushTarget, senderUsername: string, quiet = false): PushPayload {
  return pushPayload(to, {
    title: translate(to.locale, WISH_TEXTS.thinkingOfYouPush, { name: senderUsername }),
    body: '',
    url: '/notifications',
    data: { type: 'thought' },
    silent: quiet,
  });
}

/**
 * Both partners learn that a round found a new match: never which wish (not its text, not its
 * id), so a locked screen or the push service learns nothing of the list.
 */
export function wishMatchedPayload(to: PushTarget, quiet = false): PushPayload {
  const text = translate(to.locale, WISH_TEXTS.newMatchPush);
  return pushPayload(to, {
    title: text,
    body: text,
    url: '/wishes',
    data: { type: 'wish_matched' },
    silent: quiet,
  });
}

/** A thought is of the moment: stale after a few hours; never urgent, and low in quiet hours. */
export function thoughtOptions(quiet: boolean): PushOptions {
  return { ttlSeconds: 6 * 60 * 60, urgency: quiet ? 'low' : 'normal' };
}
/** A match can wait a day, as an answer does; in the recipient's quiet hours it may be held. */
export function wishMatchedOptions(quiet: boolean): PushOptions {
  return answeredOptions(quiet);
}
