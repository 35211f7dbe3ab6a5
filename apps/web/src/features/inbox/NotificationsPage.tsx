import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { useSession } from '../../lib/use-session.js';
import { MessageCard } from './MessageCard.js';
import { markAllRead } from './mark-read.js';
import { useInbox } from './queries.js';

const MINUTE_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function NotificationsPage() {
  const inbox = useInbox();
  const userId = useSession()?.user.id;
  const queryClient = useQueryClient();
  const now = useNow();
  // What was unread on arrival keeps its NEW badge after everything is marked read.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const unread = (inbox.data ?? [])
      .filter((m) => !m.is_read && m.receiver_id === userId)
      .map((m) => m.id);
    if (unread.length === 0) return;
    setFresh((previous) => new Set([...previous, ...unread]));
    void markAllRead(queryClient);
  }, [inbox.data, userId, queryClient]);

  const messages = inbox.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {APP_TEXTS.inboxTitle}
        </h1>
        <p className="mt-1 text-slate-600">Desires your partner shared with you.</p>
      </header>
      {inbox.isPending ? (
        <p role="status" className="text-slate-600">
          Loading desires...
        </p>
      ) : messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-brand-100">
          <Inbox className="size-12 text-brand-600" aria-hidden="true" />
          <p className="text-lg font-semibold text-slate-900">No desires yet</p>
          <p className="text-slate-600">
            When your partner shares their desires, they&apos;ll appear here
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Received desires">
          {messages.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              isNew={fresh.has(message.id)}
              now={now}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
