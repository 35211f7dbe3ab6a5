import {
  TEXTS,
  ANSWERED_BODY,
  ANSWERED_TITLE,
  english,
  desireNotificationBody,
  isIntense,
  partnerConnectedBody,
  type PartnerSummary,
  type PushPayload,
} from '@couple/protocol';
import type { PushOptions } from './sender.js';

const DAY_SECONDS = 24 * 60 * 60;

/** SPEC §3: never the note, only who, how intense and how urgent. */
export function newDesirePayload(
  receiverId: string,
  senderUsername: string,
  intensity: number,
  urgency: number,
  quiet = false,
): PushPayload {
  return {
    userId: receiverId,
    title: english(TEXTS.pushNewDesireTitle, { name: senderUsername }),
    body: desireNotificationBody(intensity, urgency),
    url: '/notifications',
    data: { type: 'new_desire', intensity, ...(quiet ? { silent: true } : {}) },
  };
}

/**
 * A desire is worth a day of waiting for an offline phone; an intense one wakes it now, except in
 * the receiver's quiet hours (then the push service may wait for a convenient moment).
 */
export function newDesireOptions(intensity: number, quiet = false): PushOptions {
  const urgency = quiet ? 'low' : isIntense(intensity) ? 'high' : 'normal';
  return { ttlSeconds: DAY_SECONDS, urgency };
}

export function partnerConnectedPayload(ownerId: string, partner: PartnerSummary): PushPayload {
  return {
    userId: ownerId,
    title: TEXTS.pushPartnerConnectedTitle,
    body: partnerConnectedBody(partner.username),
    url: '/profile',
    data: { type: 'partner_connected' },
  };
}

export const PARTNER_CONNECTED_OPTIONS: PushOptions = {
  ttlSeconds: DAY_SECONDS,
  urgency: 'normal',
};

/** What the push webhook sends when its caller names no options. */
export const WEBHOOK_OPTIONS: PushOptions = { ttlSeconds: DAY_SECONDS, urgency: 'normal' };

/** The desire's sender learns that it was answered: the name only, never the answer. */
export function answeredPayload(
  askerId: string,
  answererUsername: string,
  quiet = false,
): PushPayload {
  return {
    userId: askerId,
    title: english(ANSWERED_TITLE, { name: answererUsername }),
    body: ANSWERED_BODY,
    url: '/notifications?view=sent',
    data: { type: 'desire_answered', ...(quiet ? { silent: true } : {}) },
  };
}

/** An answer can wait a day; in the asker's quiet hours the push service may hold it. */
export function answeredOptions(quiet: boolean): PushOptions {
  return { ttlSeconds: DAY_SECONDS, urgency: quiet ? 'low' : 'normal' };
}
