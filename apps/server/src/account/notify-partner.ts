import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  MINI_APP_NOTIFICATION_LIMITS,
  translate,
  type PushPayload,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { DomainListener, ListenerModule } from '../events.js';
import { truncate } from '../farcaster/payloads.js';
import { notifyUser } from '../farcaster/sender.js';
import type { PushSender } from '../push/sender.js';
import { pushToUser } from '../push/service.js';
import { pushPayload } from '../push/payloads.js';
import { readPushTarget, type PushTarget } from '../push/target.js';

/** Only the name of who left: nothing else of the deleted account goes out. */
export function accountDeletedPayload(to: PushTarget, username: string): PushPayload {
  return pushPayload(to, {
    title: translate(to.locale, ACCOUNT_TEXTS.partnerDeletedAccountTitle),
    body: translate(to.locale, ACCOUNT_TEXTS.partnerDeletedAccount, { name: username }),
    url: '/',
    data: { type: 'partner_account_deleted' },
  });
}

/**
 * Tells the former partner of a deleted account by Web Push and Farcaster notification, as
 * background work after the deletion committed.
 */
export function accountNoticeListeners(
  ctx: AppContext,
  pushSender: PushSender,
  farcasterFetch: typeof fetch,
): ListenerModule {
  const { background } = ctx;
  const report = (error: unknown) =>
    ctx.log.warn({ err: error }, 'account deletion notice not delivered');
  const onAccountDeleted: DomainListener<'accountDeleted'> = ({ username, partnerId }) => {
    if (!partnerId) return;
    // The former partner's own language, read once for both deliveries.
    const payload = readPushTarget(ctx, partnerId).then((to) =>
      accountDeletedPayload(to, username),
    );
    payload.catch(() => undefined);
    background.run(
      async () =>
        pushToUser(ctx, pushSender, partnerId, await payload, {
          ttlSeconds: 86_400,
          urgency: 'normal',
        }),
      report,
    );
    const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
    background.run(async () => {
      const { title: text, body: detail, url } = await payload;
      const notification = {
        notificationId: `partner-account-deleted-${randomUUID()}`,
        title: truncate(text, title),
        body: truncate(detail, body),
        targetUrl: new URL(url, ctx.config.PUBLIC_URL).toString(),
      };
      await notifyUser(ctx, farcasterFetch, partnerId, notification);
    }, report);
  };
  return { name: 'account/notify-partner', listeners: { accountDeleted: onAccountDeleted } };
}
