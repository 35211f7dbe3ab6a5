import type { AppContext } from '../context.js';
import { readRecipient, type Recipient } from '../profile/recipient.js';

/** Whom a push goes to and where the app lives (its `navigate` URLs are absolute). */
export interface PushTarget extends Recipient {
  userId: string;
  publicUrl: string;
}

/** The target of a push whose recipient is already known (a desire brings its receiver's). */
export function pushTargetOf(
  ctx: AppContext,
  userId: string,
  { locale, unreadCount }: Recipient,
): PushTarget {
  return { userId, publicUrl: ctx.config.PUBLIC_URL, locale, unreadCount };
}

/** The target of a push to someone else than the caller: their language and unread count. */
export async function readPushTarget(ctx: AppContext, userId: string): Promise<PushTarget> {
  return pushTargetOf(ctx, userId, await readRecipient(ctx, userId));
}
