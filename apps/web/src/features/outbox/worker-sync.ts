import { API_ROUTES, routePath } from '@couple/protocol/browser';
import { API_BASE } from '../../lib/api-base.js';
import { apiErrorOf } from '../../lib/api-errors.js';
import { flushItems } from './flush.js';
import { isQueuedAnswer } from './retry.js';
import { listAllOutbox } from './store.js';

/**
 * The service worker's Background Sync: it cannot run the app, so it posts the waiting desires
 * itself with the token saved at the last attempt. An expired token is a 401, which keeps the
 * desire for the app (it refreshes the session); the idempotent id makes a send by both stored
 * once. The browser fires the sync when the connection is back, so no backoff applies. Rejects
 * while some wait, so the browser schedules the sync again.
 */
export async function flushFromWorker(): Promise<{
  sent: number;
  answered: number;
  waiting: boolean;
}> {
  const items = await listAllOutbox();
  const users = [...new Set(items.map((item) => item.userId))];
  let sent = 0;
  let answered = 0;
  let waiting = false;
  for (const userId of users) {
    const own = items.filter((item) => item.userId === userId);
    const result = await flushItems(
      own,
      async (item) => {
        const [path, method, body] = isQueuedAnswer(item)
          ? [
              routePath('answerDesire', { id: item.messageId }),
              API_ROUTES.answerDesire.method,
              item.answer,
            ]
          : [routePath('sendDesire'), API_ROUTES.sendDesire.method, item.desire];
        const response = await fetch(`${API_BASE}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            ...(item.accessToken ? { authorization: `Bearer ${item.accessToken}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw apiErrorOf(response.status, await response.text());
      },
      undefined,
      undefined,
      true,
    );
    sent += result.sent;
    answered += result.answered;
    waiting ||= result.retryAt !== null;
  }
  return { sent, answered, waiting };
}
