import {
  SOURCE_LOCALE,
  type Locale,
  type QuietWindow,
  type StoredPushSubscription,
} from '@couple/protocol';
import type { DeliveryToken } from '../farcaster/repository.js';

/**
 * What the database says of one person an event may notify, read in the transaction of the
 * change that notifies them (app_delivery_targets). What is done with them is decide.ts's.
 */
export interface RecipientFacts {
  userId: string;
  /** Their language (English when the account stores none). */
  locale: Locale;
  /** Their unread received desires (the live unread_count). */
  unreadDesires: number;
  /** Their unread received thoughts: with unreadDesires, the badge on the app's icon. */
  unreadThoughts: number;
  pushSubscription: StoredPushSubscription | null;
  farcasterTokens: DeliveryToken[];
  quietHours: QuietWindow | null;
}

/** The jsonb of app_delivery_targets (and of partner_delivery_targets, which answers it). */
export interface DeliveryTargetsJson {
  unread_count: number;
  /** Since migration 028: a previous release's send function may not return it. */
  unread_thoughts?: number;
  push_subscription: StoredPushSubscription | null;
  farcaster_tokens: DeliveryToken[];
  quiet_hours: QuietWindow | null;
  locale: Locale | null;
}

export function recipientFactsOf(userId: string, targets: DeliveryTargetsJson): RecipientFacts {
  return {
    userId,
    locale: targets.locale ?? SOURCE_LOCALE,
    unreadDesires: targets.unread_count,
    unreadThoughts: targets.unread_thoughts ?? 0,
    pushSubscription: targets.push_subscription,
    farcasterTokens: targets.farcaster_tokens,
    quietHours: targets.quiet_hours,
  };
}
