import { callWithToken } from '../../lib/api-core.js';
import { isStaleKeyError } from '../keys/stale-key.js';
import { flushItems } from './flush.js';
import { isQueuedAnswer } from './retry.js';
import { listAllOutbox } from './store.js';

/**
 * The service worker's Background Sync: it cannot run the app, so it posts the waiting desires
 * itself, through the app's request core (lib/api-core.ts), with the token saved at the last
 * attempt. An expired token (401) and a note refused for out-of-date keys both keep the item for
 * the app, which refreshes the session or seals the note again; the idempotent id makes a send
 * by both stored once. The browser fires the sync when the connection is back, so no backoff
 * applies. Rejects while some wait, so the browser schedules the sync again.
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
        const token = item.accessToken;
        try {
          await (isQueuedAnswer(item)
            ? callWithToken(
                'answerDesire',
                { params: { id: item.messageId }, body: item.answer },
                token,
              )
            : callWithToken('sendDesire', { body: item.desire }, token));
        } catch (error) {
          // Sealing the note again takes the page (the keys, and the person's go-ahead on a
          // changed key): a plain Error keeps the item waiting for it instead of failing it.
          throw error instanceof Error && isStaleKeyError(error) ? new Error(error.message) : error;
        }
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
