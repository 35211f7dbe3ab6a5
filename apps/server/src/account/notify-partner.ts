import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  english,
  MINI_APP_NOTIFICATION_LIMITS,
  type PushPayload,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { BackgroundWork } from '../background/background-work.js';
import type { DomainListener } from '../events.js';
import { truncate } from '../farcaster/payloads.js';
import { notifyUser } from '../farcaster/sender.js';
import type { PushSender } from '../push/sender.js';
import { pushToUser } from '../push/service.js';

/** Only the name of who left: nothing else of the deleted account goes out. */
export function accountDeletedPayload(partnerId: string, username: string): PushPayload {
  return {
    userId: partnerId,
    title: ACCOUNT_TEXTS.partnerDeletedAccountTitle,
    body: english(ACCOUNT_TEXTS.partnerDeletedAccount, { name: username }),
    url: '/',
    data: { type: 'partner_account_deleted' },
  };
}

/**
 * Tells the former partner of a deleted account by Web Push and Farcaster notification, as
 * background work after the deletion committed. Returns the function that stops listening.
 */
export function registerAccountDeletedNotices(
  ctx: AppContext,
  background: BackgroundWork,
  pushSender: PushSender,
  farcasterFetch: typeof fetch,
): () => void {
  const report = (error: unknown) =>
    ctx.log.warn({ err: error }, 'account deletion notice not delivered');
  const onAccountDeleted: DomainListener<'accountDeleted'> = ({ username, partnerId }) => {
    if (!partnerId) return;
    const payload = accountDeletedPayload(partnerId, username);
    background.run(
      () =>
        pushToUser(ctx, pushSender, partnerId, payload, { ttlSeconds: 86_400, urgency: 'normal' }),
      report,
    );
    const { title, body } = MINI_APP_NOTIFICATION_LIMITS;
    const notification = {
      notificationId: `partner-account-deleted-${randomUUID()}`,
      title: truncate(payload.title, title),
      body: truncate(payload.body, body),
      targetUrl: new URL(payload.url, ctx.config.PUBLIC_URL).toString(),
    };
    background.run(() => notifyUser(ctx, farcasterFetch, partnerId, notification), report);
  };
  ctx.events.on('accountDeleted', onAccountDeleted);
  return () => ctx.events.off('accountDeleted', onAccountDeleted);
}
