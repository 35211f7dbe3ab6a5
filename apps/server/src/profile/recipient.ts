import { SOURCE_LOCALE, type Locale } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { selectRecipient } from './repository.js';

/** Who a push, notification or e-mail goes to, as writing it needs. */
export interface Recipient {
  /** The language it is written in. */
  locale: Locale;
  /** Their unread received desires and thoughts (the badge on the app's icon). */
  unreadCount: number;
}

/**
 * The person's language as their account stores it; when none is stored yet, the language of
 * the request that caused the text (if a request did), else English. One query, as the owner.
 */
export async function readRecipient(
  ctx: AppContext,
  userId: string,
  fallback: Locale = SOURCE_LOCALE,
): Promise<Recipient> {
  const { locale, unreadCount } = await selectRecipient(ctx.db, userId);
  return { locale: locale ?? fallback, unreadCount };
}
