import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Thought } from '@couple/protocol';
import { SHELL_TEXTS } from '@couple/protocol/browser';
import { useSession } from '../../lib/use-session.js';
import { OutboxList } from '../outbox/OutboxList.js';
import { useOutbox } from '../outbox/use-outbox.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { useI18n } from '../../lib/i18n.js';
import { useNow } from '../../lib/use-now.js';
import { BoxTabs } from './BoxTabs.js';
import { MessageList } from './MessageList.js';
import { markAllRead } from './mark-read.js';
import { answersOf, useMessagePages, type MessageBox, type MessagePage } from './queries.js';
import { markThoughtsRead, useThoughts } from '../thoughts/queries.js';
import { ThinkingOfYouButton } from '../thoughts/ThinkingOfYouButton.js';

/** 'just now' turns into '1m ago' within this long. */
const CLOCK_TICK_MS = 15_000;

/**
 * Opening the inbox reads what arrived: its desires and thoughts are marked read, and the ids
 * of those that were unread come back (they keep their NEW badge after everything is read).
 */
function useReadOnArrival(
  received: { pages: readonly MessagePage[] } | undefined,
  thoughts: readonly Thought[] | undefined,
  userId: string | undefined,
): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const receivedMessages = useMemo(
    () => received?.pages.flatMap((page) => page.messages) ?? [],
    [received],
  );

  // Opening the inbox reads the thoughts too (they count in the badge until then).
  useEffect(() => {
    if (!userId) return;
    const unread = (thoughts ?? [])
      .filter((t) => t.receiver_id === userId && t.read_at === null)
      .map((t) => t.id);
    if (unread.length === 0) return;
    setFresh((previous) => new Set([...previous, ...unread]));
    void markThoughtsRead(queryClient, userId);
  }, [thoughts, userId, queryClient]);

  useEffect(() => {
    const unread = receivedMessages
      .filter((m) => !m.is_read && m.receiver_id === userId)
      .map((m) => m.id);
    if (unread.length === 0) return;
    setFresh((previous) => new Set([...previous, ...unread]));
    void markAllRead(queryClient);
  }, [receivedMessages, userId, queryClient]);

  return fresh;
}

function InboxHeader() {
  const i18n = useI18n();
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {i18n._(SHELL_TEXTS.inboxTitle)}
        </h1>
        <p className="mt-1 text-slate-600">{i18n._('Desires your partner shared with you.')}</p>
      </div>
      <ThinkingOfYouButton compact />
    </header>
  );
}

export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const box: MessageBox = params.get('view') === 'sent' ? 'sent' : 'received';
  const received = useMessagePages('received');
  const sent = useMessagePages('sent', box === 'sent');
  const pages = box === 'received' ? received : sent;
  const userId = useSession()?.user.id;
  const waiting = useOutbox(userId).length;
  const partnerName = usePartnerStatus().data?.partner?.username ?? null;
  const now = useNow(CLOCK_TICK_MS);
  const thoughts = useThoughts().data?.thoughts;
  const boxThoughts = useMemo(
    () =>
      (thoughts ?? []).filter((t) =>
        box === 'received' ? t.receiver_id === userId : t.sender_id === userId,
      ),
    [thoughts, box, userId],
  );
  const fresh = useReadOnArrival(received.data, thoughts, userId);

  return (
    <div className="flex flex-col gap-6">
      <InboxHeader />
      <BoxTabs box={box} onChange={(next) => setParams(next === 'sent' ? { view: 'sent' } : {})} />
      {box === 'sent' && <OutboxList />}
      {/* Nothing delivered yet but something waiting: the waiting list says enough. */}
      {!(box === 'sent' && waiting > 0 && !pages.data?.pages[0]?.messages.length) && (
        <MessageList
          box={box}
          messages={pages.data?.pages.flatMap((page) => page.messages) ?? []}
          thoughts={boxThoughts}
          answers={answersOf(pages.data)}
          fresh={fresh}
          now={now}
          partnerName={partnerName}
          // Offline the query is paused, not loading: show what is known, not a spinner.
          loading={pages.isPending && pages.fetchStatus !== 'paused'}
          more={{
            available: pages.hasNextPage,
            busy: pages.isFetchingNextPage,
            load: () => void pages.fetchNextPage(),
          }}
        />
      )}
    </div>
  );
}
