import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { OFFLINE_TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { getLiveState, subscribeLiveState } from '../../lib/live.js';
import { inboxKeys } from '../inbox/queries.js';
import { profileKeys } from '../profile/queries.js';
import type { FlushResult } from './flush.js';
import { flushOutbox } from './outbox.js';
import { resealQueued } from './reseal.js';
import type { OutboxItem } from './retry.js';
import {
  isOutboxChangedMessage,
  listOutbox,
  notifyOutboxChanged,
  subscribeOutbox,
} from './store.js';
import { i18n } from '../../lib/i18n.js';
// Loaded with the sender, so sign-out forgets this user's outbox (see sign-out.ts).
import './sign-out.js';

/**
 * The page and the service worker may both send the same waiting desire when the connection
 * returns (the id makes the server store it once): one toast says so, not two.
 */
const SENT_TOAST = 'outbox-sent';
const ANSWERED_TOAST = 'outbox-answered';

/** This user's outbox, read again whenever it changes (here or in the service worker). */
export function useOutbox(userId: string | undefined): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const read = () =>
      void listOutbox(userId)
        .then((next) => current && setItems(next))
        .catch((error: unknown) => logClientError('outbox_read', error));
    read();
    const stop = subscribeOutbox(read);
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  return userId ? items : [];
}

/**
 * Sends the waiting desires by themselves: at start, when the browser is back online, when the
 * live channel reconnects, when the service worker asks, and after each backoff.
 */
export function useOutboxSender(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let handled: FlushResult | null = null;
    const confirmSent = (sent: number, answered: number) => {
      if (sent > 0) {
        toast.success(i18n._(OFFLINE_TEXTS.queuedSent, { count: sent }), {
          id: SENT_TOAST,
          duration: TOAST_MS.sent,
        });
        void queryClient.invalidateQueries({ queryKey: inboxKeys.sent() });
        void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
      }
      if (answered > 0) {
        toast.success(i18n._(OFFLINE_TEXTS.queuedAnswersSent, { count: answered }), {
          id: ANSWERED_TOAST,
          duration: TOAST_MS.sent,
        });
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      }
    };
    const flush = (reconnected: boolean) => {
      clearTimeout(timer);
      void flushOutbox(userId, (item) => resealQueued(queryClient, item), reconnected)
        .then((result) => {
          // Two triggers at once (online, then live reconnect) share one run: handle it once.
          if (stopped || result === handled) return;
          handled = result;
          const { sent, answered, retryAt } = result;
          confirmSent(sent, answered);
          if (retryAt !== null) {
            timer = setTimeout(() => flush(false), Math.max(0, retryAt - Date.now()));
          }
        })
        .catch((error: unknown) => logClientError('outbox_flush', error));
    };
    const onOnline = () => flush(true);
    const onLiveState = () => getLiveState() === 'connected' && flush(true);
    const onWorkerMessage = (event: MessageEvent<unknown>) => {
      if (!isOutboxChangedMessage(event.data)) return;
      notifyOutboxChanged();
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      confirmSent(event.data.sent, event.data.answered);
    };
    flush(true);
    window.addEventListener('online', onOnline);
    const stopLive = subscribeLiveState(onLiveState);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      stopLive();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [userId, queryClient]);
}
