import { randomUUID } from 'node:crypto';
import {
  MINI_APP_NOTIFICATION_LIMITS,
  TEXTS,
  ANSWERED_BODY,
  ANSWERED_TITLE,
  english,
  desireNotificationBody,
  partnerConnectedBody,
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

/** A new desire: never the note, only the scores (SPEC §3). */
export function desireNotification(
  config: Config,
  message: Message,
  senderUsername: string,
): MiniAppNotification {
  const { title, body, notificationId } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: truncate(`desire-${message.id}`, notificationId),
    title: truncate(english(TEXTS.pushNewDesireTitle, { name: senderUsername }), title),
    body: truncate(desireNotificationBody(message.intensity, message.urgency), body),
    targetUrl: target(config, '/notifications'),
  };
}

export function partnerConnectedNotification(
  config: Config,
  redeemer: PartnerSummary,
): MiniAppNotification {
  const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: `partner-connected-${randomUUID()}`,
    title: truncate(TEXTS.pushPartnerConnectedTitle, title),
    body: truncate(partnerConnectedBody(redeemer.username), body),
    targetUrl: target(config, '/profile'),
  };
}

/** The desire's sender learns that it was answered: the name only, never the answer. */
export function answeredNotification(
  config: Config,
  answererUsername: string,
): MiniAppNotification {
  const { title } = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: `desire-answered-${randomUUID()}`,
    title: truncate(english(ANSWERED_TITLE, { name: answererUsername }), title),
    body: ANSWERED_BODY,
    targetUrl: target(config, '/notifications?view=sent'),
  };
}
