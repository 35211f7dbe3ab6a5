import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { DesireAnswer, Message } from '@couple/protocol';
import { MESSAGES_LIST_LIMIT, TIMEOUTS_MS } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { withTimeout } from '../../lib/timeout.js';
import { useSession } from '../../lib/use-session.js';
import { isNetworkFailure } from '../offline/network.js';

export const inboxKeys = {
  all: ['messages'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  sent: () => [...inboxKeys.all, 'sent'] as const,
  unreadCount: () => [...inboxKeys.all, 'unread-count'] as const,
};

export type MessageBox = 'received' | 'sent';
export type MessagePage = { messages: Message[]; count: number; answers: DesireAnswer[] };
export type MessagePages = InfiniteData<MessagePage, string | undefined>;

function fetchPage(box: MessageBox, before: string | undefined): Promise<MessagePage> {
  const query = { limit: MESSAGES_LIST_LIMIT, ...(before ? { before } : {}) };
  return box === 'received'
    ? call('listReceivedMessages', { query })
    : call('listSentMessages', { query });
}

/**
 * Pages of 50, newest first; "Load older" asks for the page before the last message shown. A
 * first page slower than 10 s ends quietly in an empty list (SPEC §8 timeouts).
 */
export function useMessagePages(box: MessageBox, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: box === 'received' ? inboxKeys.list() : inboxKeys.sent(),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<MessagePage> => {
      try {
        return await withTimeout(fetchPage(box, pageParam), TIMEOUTS_MS.notificationFetch);
      } catch (error) {
        // Offline: keep what the cache (restored after a reload) shows rather than empty it.
        if (pageParam || isNetworkFailure(error)) throw error;
        logClientError('notifications_fetch', error);
        return { messages: [], count: 0, answers: [] };
      }
    },
    getNextPageParam: (last) =>
      last.messages.length === MESSAGES_LIST_LIMIT ? last.messages.at(-1)?.id : undefined,
  });
}

export function useUnreadCount() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: inboxKeys.unreadCount(),
    queryFn: async () => (await call('getUnreadCount')).count,
    enabled: signedIn,
  });
}

/** The answers of every loaded page, by desire. */
export function answersOf(
  data: InfiniteData<MessagePage, unknown> | undefined,
): Map<string, DesireAnswer> {
  return new Map(
    (data?.pages ?? []).flatMap((page) =>
      page.answers.map((answer) => [answer.message_id, answer]),
    ),
  );
}
