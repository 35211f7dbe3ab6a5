import { randomUUID } from 'node:crypto';
import {
  MINI_APP_NOTIFICATION_LIMITS,
  TEXTS,
  ANSWERED_BODY,
  ANSWERED_TITLE,
  desireNotificationValues,
  PUSH_TEXTS,
  translate,
  WISH_TEXTS,
  type Locale,
  type Message,
  type PartnerSummary,
} from '@couple/protocol';
import type { Config } from '../config.js';

export interface MiniAppNotification {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
}

/** Cuts text to at most max UTF-16 units (what the limits count), never inside a character. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

function target(config: Config, path: string): string {
  return config.PUBLIC_URL.replace(/\/+$/, '') + path;
}

/** A new desire, in the receiver's language: never the note, only the scores (SPEC §3). */
export function desireNotification(
  config: Config,
  message: Message,
  senderUsername: string,
  locale: Locale,
): MiniAppNotification {
  const { title, body, notificationId } = MINI_APP_NOTIFICATION_LIMITS;
  const values = desireNotificationValues(message.intensity, message.urgency);
  return {
    notificationId: truncate(`desire-${message.id}`, notificationId),
    title: truncate(translate(locale, TEXTS.pushNewDesireTitle, { name: senderUsername }), title),
    body: truncate(translate(locale, PUSH_TEXTS.desireBody, values), body),
    targetUrl: target(config, '/notifications'),
  };
}

export function partnerConnectedNotification(
  config: Config,
  redeemer: PartnerSummary,
  locale: Locale,
): MiniAppNotification {
  const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
  const connected = translate(locale, PUSH_TEXTS.partnerConnectedBody, { name: redeemer.username });
  return {
    notificationId: `partner-connected-${randomUUID()}`,
    title: truncate(translate(locale, TEXTS.pushPartnerConnectedTitle), title),
    body: truncate(connected, body),
    targetUrl: target(config, '/profile'),
  };
}

/** The desire's sender learns that it was answered: the name only, never the answer. */
export function answeredNotification(
  config: Config,
  answererUsername: string,
  locale: Locale,
): MiniAppNotification {
  const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: `desire-answered-${randomUUID()}`,
    title: truncate(translate(locale, ANSWERED_TITLE, { name: answererUsername }), title),
    body: truncate(translate(locale, ANSWERED_BODY), body),
    targetUrl: target(config, '/notifications?view=sent'),
  };
}

/** "Thinking of you": who, nothing else; the title is cut to its limit, the body says it whole. */
export function thoughtNotification(
  config: Config,
  thoughtId: string,
  senderUsername: string,
  locale: Locale,
): MiniAppNotification {
  const { title, body, notificationId } = MINI_APP_NOTIFICATION_LIMITS;
  const text = translate(locale, WISH_TEXTS.thinkingOfYouPush, { name: senderUsername });
  return {
    notificationId: truncate(`thought-${thoughtId}`, notificationId),
    title: truncate(text, title),
    body: truncate(text, body),
    targetUrl: target(config, '/notifications'),
  };
}

/** A new match, to each partner in their language: never which wish. One per round and person. */
export function wishMatchedNotification(
  config: Config,
  roundId: string,
  locale: Locale,
): MiniAppNotification {
  const { title, body, notificationId } = MINI_APP_NOTIFICATION_LIMITS;
  const text = translate(locale, WISH_TEXTS.newMatchPush);
  return {
    notificationId: truncate(`wish-match-${roundId}`, notificationId),
    title: truncate(text, title),
    body: truncate(text, body),
    targetUrl: target(config, '/wishes'),
  };
}
