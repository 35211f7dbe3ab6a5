import { OFFLINE_TEXTS, SCORE_MAX, intensityEmoji } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import { QueuedStatus } from './QueuedStatus.js';
import { isQueuedAnswer, type QueuedDesire } from './retry.js';
import { useOutbox } from './use-outbox.js';

function OutboxEntry({ item }: { item: QueuedDesire }) {
  const i18n = useI18n();
  const { desire, failure } = item;
  return (
    <li
      data-testid="outbox-item"
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ${failure ? 'ring-red-200' : 'ring-brand-100'}`}
    >
      <p className="font-semibold text-slate-900">
        <span aria-hidden="true">{intensityEmoji(Number(desire.intensity))} </span>
        {i18n._('Intensity: {score}/{max}', { score: desire.intensity, max: SCORE_MAX })} ·{' '}
        {i18n._('Urgency: {score}/{max}', { score: desire.urgency, max: SCORE_MAX })}
      </p>
      {desire.content !== null && (
        <p className="text-sm text-slate-600">
          {desire.encrypted ? i18n._('With an encrypted note') : i18n._('With a note')}
        </p>
      )}
      <QueuedStatus
        item={item}
        hint={i18n._(OFFLINE_TEXTS.failedHint)}
        discarded={i18n._(OFFLINE_TEXTS.discarded)}
      />
    </li>
  );
}

/** The desires of this device not yet stored by the server, oldest first; nothing when empty. */
export function OutboxList() {
  const i18n = useI18n();
  // Waiting answers show on their desire (AnswerBar), not here.
  const items = useOutbox(useSession()?.user.id).filter(
    (item): item is QueuedDesire => !isQueuedAnswer(item),
  );
  if (items.length === 0) return null;
  return (
    <section aria-label={i18n._(OFFLINE_TEXTS.outboxHeading)} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {i18n._(OFFLINE_TEXTS.outboxHeading)}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <OutboxEntry key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
