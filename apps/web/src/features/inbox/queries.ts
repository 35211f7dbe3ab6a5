import { useQuery } from '@tanstack/react-query';
import { MESSAGES_LIST_LIMIT, TIMEOUTS_MS } from '@couple/protocol/browser';
import { api } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { withTimeout } from '../../lib/timeout.js';
import { useSession } from '../../lib/use-session.js';

export const inboxKeys = {
  all: ['messages'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  unreadCount: () => [...inboxKeys.all, 'unread-count'] as const,
};

/** At most 50; a fetch slower than 10 s ends quietly in an empty list (SPEC §8 timeouts). */
export function useInbox() {
  return useQuery({
    queryKey: inboxKeys.list(),
    queryFn: async () => {
      try {
        const { messages } = await withTimeout(
          api.getMessages({ limit: MESSAGES_LIST_LIMIT }),
          TIMEOUTS_MS.notificationFetch,
        );
        return messages;
      } catch (error) {
        logClientError('notifications_fetch', error);
        return [];
      }
    },
  });
}

export function useUnreadCount() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: inboxKeys.unreadCount(),
    queryFn: async () => (await api.getUnreadCount()).count,
    enabled: signedIn,
  });
}
