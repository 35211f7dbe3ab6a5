import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Thought } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { useSession } from '../../lib/use-session.js';

/** "Thinking of you", sent and received: one list, newest first (GET /api/thoughts). */
export const thoughtKeys = {
  all: ['thoughts'] as const,
  list: () => [...thoughtKeys.all, 'list'] as const,
};

export type ThoughtList = { thoughts: Thought[] };

export function useThoughts() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: thoughtKeys.list(),
    queryFn: () => call('listThoughts'),
    enabled: signedIn,
  });
}

/** The thoughts the person received and has not seen in the inbox yet. */
export function unreadThoughts(list: ThoughtList | undefined, userId: string | undefined): number {
  if (!list || !userId) return 0;
  return list.thoughts.filter((t) => t.receiver_id === userId && t.read_at === null).length;
}

/** A thought sent or received (live or just now) joins the list once, newest first. */
export function addThought(queryClient: QueryClient, thought: Thought): void {
  queryClient.setQueryData<ThoughtList>(thoughtKeys.list(), (list) => {
    const others = (list?.thoughts ?? []).filter((t) => t.id !== thought.id);
    const thoughts = [thought, ...others].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { thoughts };
  });
}

/** Opening the inbox: every received thought is read, here at once and then on the server. */
export async function markThoughtsRead(queryClient: QueryClient, userId: string): Promise<void> {
  const now = new Date().toISOString();
  queryClient.setQueryData<ThoughtList>(thoughtKeys.list(), (list) =>
    list
      ? {
          thoughts: list.thoughts.map((t) =>
            t.receiver_id === userId && t.read_at === null ? { ...t, read_at: now } : t,
          ),
        }
      : list,
  );
  try {
    await call('markThoughtsRead');
  } catch (error) {
    logClientError('mark_thoughts_read', error);
    await queryClient.invalidateQueries({ queryKey: thoughtKeys.list() });
  }
}
