import { Inbox, Send } from 'lucide-react';
import type { DesireAnswer, Message, Thought } from '@couple/protocol';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';
import { groupByDay } from '../../lib/relative-time.js';
import { MessageCard } from './MessageCard.js';
import { interleave, type InboxItem } from '../thoughts/interleave.js';
import { ThoughtEntry } from '../thoughts/ThoughtEntry.js';
import type { MessageBox } from './queries.js';

const EMPTY = {
  received: {
    title: /*i18n*/ 'No desires yet',
    hint: /*i18n*/ "When your partner shares their desires, they'll appear here",
  },
  sent: {
    title: /*i18n*/ 'Nothing sent yet',
    hint: /*i18n*/ 'The desires you share will appear here',
  },
} as const;

function EmptyBox({ box }: { box: MessageBox }) {
  const i18n = useI18n();
  const Icon = box === 'received' ? Inbox : Send;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-brand-100">
      <Icon className="size-12 text-brand-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-900">{i18n._(EMPTY[box].title)}</p>
      <p className="text-slate-600">{i18n._(EMPTY[box].hint)}</p>
    </div>
  );
}

/** What every entry of a box is drawn with. */
interface BoxContext {
  box: MessageBox;
  answers: ReadonlyMap<string, DesireAnswer>;
  fresh: ReadonlySet<string>;
  now: number;
  partnerName: string | null;
}

/** A desire's card, or a thought's light entry. */
function BoxItem({
  item,
  box,
  answers,
  fresh,
  now,
  partnerName,
}: BoxContext & { item: InboxItem }) {
  const i18n = useI18n();
  if (item.kind === 'thought') {
    return (
      <ThoughtEntry
        thought={item.thought}
        received={box === 'received'}
        partnerName={partnerName ?? i18n._('Your partner')}
        isNew={fresh.has(item.thought.id)}
        now={now}
      />
    );
  }
  return (
    <MessageCard
      message={item.message}
      answer={answers.get(item.message.id)}
      box={box}
      partnerName={partnerName}
      isNew={fresh.has(item.message.id)}
      now={now}
    />
  );
}

const itemKey = (item: InboxItem) => (item.kind === 'thought' ? item.thought.id : item.message.id);

/**
 * One box of desires under day headings, with "Load older" past the first page; the box's
 * thoughts ("thinking of you") are light entries among them, by time.
 */
export function MessageList({
  messages,
  thoughts,
  loading,
  more,
  ...context
}: BoxContext & {
  messages: Message[];
  thoughts: Thought[];
  loading: boolean;
  more: { available: boolean; busy: boolean; load: () => void };
}) {
  const i18n = useI18n();
  if (loading) {
    return (
      <p role="status" className="text-slate-600">
        {i18n._('Loading desires...')}
      </p>
    );
  }
  if (messages.length === 0 && thoughts.length === 0) return <EmptyBox box={context.box} />;
  return (
    <div className="flex flex-col gap-5">
      {groupByDay(interleave(messages, thoughts, more.available), context.now).map((group) => (
        <section key={group.label} aria-label={group.label} className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {group.label}
          </h2>
          <ul
            className="flex flex-col gap-3"
            aria-label={
              context.box === 'received' ? i18n._('Received desires') : i18n._('Sent desires')
            }
          >
            {group.items.map((item) => (
              <BoxItem key={itemKey(item)} item={item} {...context} />
            ))}
          </ul>
        </section>
      ))}
      {more.available && (
        <Button variant="secondary" disabled={more.busy} onClick={more.load}>
          {more.busy ? i18n._('Loading...') : i18n._('Load older')}
        </Button>
      )}
    </div>
  );
}
