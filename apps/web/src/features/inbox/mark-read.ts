import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { inboxKeys, type MessagePages } from './queries.js';

/** SPEC §4 unread: all cleared locally at once; on failure the count is fetched again. */
export async function markAllRead(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(inboxKeys.unreadCount(), 0);
  const markRead = (message: Message) =>
    message.is_read ? message : { ...message, is_read: true };
  queryClient.setQueryData<MessagePages>(inboxKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(markRead) })),
        }
      : data,
  );
  try {
    await call('markAllMessagesRead');
  } catch (error) {
    logClientError('mark_all_read', error);
    await queryClient.invalidateQueries({ queryKey: inboxKeys.unreadCount() });
  }
}
