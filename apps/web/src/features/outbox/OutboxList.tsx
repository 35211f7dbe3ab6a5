import { AlertCircle, Clock } from 'lucide-react';
import { toast } from '../../lib/toast.js';
import { OFFLINE_TEXTS, SCORE_MAX, intensityEmoji } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { useSession } from '../../lib/use-session.js';
import { deleteOutboxItem } from './store.js';
import { isQueuedAnswer, type OutboxItem, type QueuedDesire } from './retry.js';
import { useOutbox } from './use-outbox.js';

function discard(item: OutboxItem): void {
  void deleteOutboxItem(item.id)
    .then(() => toast(OFFLINE_TEXTS.discarded))
    .catch((error: unknown) => logClientError('outbox_discard', error));
}

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
      {failure ? (
        <div className="mt-3 flex flex-col gap-3">
          <div role="alert" className="flex items-start gap-2 text-sm text-red-800">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">
                {OFFLINE_TEXTS.sendFailedTitle}: {failure.text.replace(/\.$/, '')}.
              </span>{' '}
              {OFFLINE_TEXTS.failedHint}
            </p>
          </div>
          <button
            type="button"
            onClick={() => discard(item)}
            className="min-h-11 self-start rounded-xl px-4 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          >
            {OFFLINE_TEXTS.discard}
          </button>
        </div>
      ) : (
        <p className="mt-3 flex items-center gap-1 text-xs font-semibold text-amber-800">
          <Clock className="size-4" aria-hidden="true" />
          {OFFLINE_TEXTS.waitingToSend}
        </p>
      )}
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
