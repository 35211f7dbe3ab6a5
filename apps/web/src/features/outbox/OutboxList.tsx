import { OFFLINE_TEXTS, SCORE_MAX, intensityEmoji } from '@couple/protocol/browser';
import { useSession } from '../../lib/use-session.js';
import { QueuedStatus } from './QueuedStatus.js';
import { isQueuedAnswer, type QueuedDesire } from './retry.js';
import { useOutbox } from './use-outbox.js';

function OutboxEntry({ item }: { item: QueuedDesire }) {
  const { desire, failure } = item;
  return (
    <li
      data-testid="outbox-item"
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ${failure ? 'ring-red-200' : 'ring-brand-100'}`}
    >
      <p className="font-semibold text-slate-900">
        <span aria-hidden="true">{intensityEmoji(Number(desire.intensity))} </span>
        Intensity: {desire.intensity}/{SCORE_MAX} · Urgency: {desire.urgency}/{SCORE_MAX}
      </p>
      {desire.content !== null && (
        <p className="text-sm text-slate-600">
          {desire.encrypted ? 'With an encrypted note' : 'With a note'}
        </p>
      )}
      <QueuedStatus
        item={item}
        hint={OFFLINE_TEXTS.failedHint}
        discarded={OFFLINE_TEXTS.discarded}
      />
    </li>
  );
}

/** The desires of this device not yet stored by the server, oldest first; nothing when empty. */
export function OutboxList() {
  // Waiting answers show on their desire (AnswerBar), not here.
  const items = useOutbox(useSession()?.user.id).filter(
    (item): item is QueuedDesire => !isQueuedAnswer(item),
  );
  if (items.length === 0) return null;
  return (
    <section aria-label={OFFLINE_TEXTS.outboxHeading} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {OFFLINE_TEXTS.outboxHeading}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <OutboxEntry key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
