import type { Locale } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Recipient } from '../delivery/decide.js';

/** Whom a push goes to and where the app lives (its `navigate` URLs are absolute). */
export interface PushTarget {
  userId: string;
  publicUrl: string;
  /** The language it is written in. */
  locale: Locale;
  /** The badge on the app's icon: unread desires and thoughts. */
  unreadCount: number;
}

/** The target of a push to a recipient decided with the event (delivery/decide.ts). */
export function pushTargetOf(ctx: AppContext, to: Recipient): PushTarget {
  return {
    userId: to.userId,
    publicUrl: ctx.config.PUBLIC_URL,
    locale: to.locale,
    unreadCount: to.badge,
  };
}
