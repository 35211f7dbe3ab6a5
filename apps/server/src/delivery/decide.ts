import { quietState, type Locale, type StoredPushSubscription } from '@couple/protocol';
import type { DeliveryToken } from '../farcaster/repository.js';
import type { RecipientFacts } from './recipient-facts.js';

/** What a person is told of, by Web Push and mini-app notification (the live channel as well). */
export type Notice =
  'desire' | 'answer' | 'thought' | 'wishMatch' | 'partnerConnected' | 'partnerAccountDeleted';

/**
 * Whether a notice heeds the recipient's quiet hours: in them its push arrives silently (and the
 * push service may hold it) and no mini-app notification goes, as one cannot be silent. A
 * pairing and a partner's deleted account are told as always.
 */
const HEEDS_QUIET_HOURS: Record<Notice, boolean> = {
  desire: true,
  answer: true,
  thought: true,
  wishMatch: true,
  partnerConnected: false,
  partnerAccountDeleted: false,
};

/** One person told of an event: in which language, on which channels, how loudly. */
export interface Recipient {
  userId: string;
  locale: Locale;
  /** Their unread received desires: what the live channel's unread_count shows. */
  unreadDesires: number;
  /** The badge on the app's icon: unread desires and thoughts, as the app counts. */
  badge: number;
  /** The Web Push that goes, if any: where, and whether silently (their quiet hours). */
  push: { subscription: StoredPushSubscription; quiet: boolean } | null;
  /** The mini-app tokens a notification goes to (none: no notification). */
  miniAppTokens: DeliveryToken[];
}

/**
 * Decides, once per event and for every channel, how one person is told. No facts (someone who
 * is no longer the partner) is nobody told; `notify` false (a new-match notice sent lately) is
 * told live only. `now` is when the event was emitted.
 */
export function decideDelivery(
  notice: Notice,
  facts: RecipientFacts,
  now: number,
  notify?: boolean,
): Recipient;
export function decideDelivery(
  notice: Notice,
  facts: RecipientFacts | null,
  now: number,
  notify?: boolean,
): Recipient | null;
export function decideDelivery(
  notice: Notice,
  facts: RecipientFacts | null,
  now: number,
  notify = true,
): Recipient | null {
  if (!facts) return null;
  const window = HEEDS_QUIET_HOURS[notice] ? facts.quietHours : null;
  const quiet = window !== null && quietState(window, now).active;
  const subscription = notify ? facts.pushSubscription : null;
  return {
    userId: facts.userId,
    locale: facts.locale,
    unreadDesires: facts.unreadDesires,
    badge: facts.unreadDesires + facts.unreadThoughts,
    push: subscription ? { subscription, quiet } : null,
    miniAppTokens: notify && !quiet ? facts.farcasterTokens : [],
  };
}
