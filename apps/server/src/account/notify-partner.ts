import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  MINI_APP_NOTIFICATION_LIMITS,
  translate,
  type Locale,
  type PushPayload,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { DomainListener, ListenerModule } from '../events.js';
import { notifyRecipient } from '../farcaster/delivery.js';
import { truncate, type MiniAppNotification } from '../farcaster/payloads.js';
import type { PushSender } from '../push/sender.js';
import { pushToRecipient } from '../push/delivery.js';
import { pushPayload } from '../push/payloads.js';
import type { PushTarget } from '../push/target.js';

const NOTICE_URL = '/';

function noticeTexts(locale: Locale, username: string) {
  return {
    title: translate(locale, ACCOUNT_TEXTS.partnerDeletedAccountTitle),
    body: translate(locale, ACCOUNT_TEXTS.partnerDeletedAccount, { name: username }),
  };
}

/** Only the name of who left: nothing else of the deleted account goes out. */
function accountDeletedPayload(to: PushTarget, username: string): PushPayload {
  return pushPayload(to, {
    ...noticeTexts(to.locale, username),
    url: NOTICE_URL,
    data: { type: 'partner_account_deleted' },
  });
}

function accountDeletedNotification(
  ctx: AppContext,
  locale: Locale,
  username: string,
): MiniAppNotification {
  const { title, body } = noticeTexts(locale, username);
  const limits = MINI_APP_NOTIFICATION_LIMITS;
  return {
    notificationId: `partner-account-deleted-${randomUUID()}`,
    title: truncate(title, limits.title),
    body: truncate(body, limits.body),
    targetUrl: new URL(NOTICE_URL, ctx.config.PUBLIC_URL).toString(),
  };
}

/**
 * Tells the former partner of a deleted account by Web Push and Farcaster notification, in their
 * language, as background work after the deletion committed. Whom and how came decided with the
 * event (read in the deletion's transaction).
 */
export function accountNoticeListeners(
  ctx: AppContext,
  pushSender: PushSender,
  farcasterFetch: typeof fetch,
): ListenerModule {
  const onAccountDeleted: DomainListener<'accountDeleted'> = ({ username, formerPartner }) => {
    pushToRecipient(ctx, pushSender, formerPartner, {
      payload: (to) => accountDeletedPayload(to, username),
      options: () => ({ ttlSeconds: 86_400, urgency: 'normal' }),
    });
    notifyRecipient(ctx, farcasterFetch, formerPartner, (locale) =>
      accountDeletedNotification(ctx, locale, username),
    );
  };
  return { name: 'account/notify-partner', listeners: { accountDeleted: onAccountDeleted } };
}
