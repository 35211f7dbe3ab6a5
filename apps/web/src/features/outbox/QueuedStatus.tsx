import { AlertCircle, Clock } from 'lucide-react';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import type { OutboxItem } from './retry.js';
import { deleteOutboxItem } from './store.js';

/**
 * Where a queued desire or answer stands: "Waiting to send", or the server's refusal with
 * Discard. `hint` says what to do after discarding; `discarded` is the toast once it is gone.
 */
export function QueuedStatus({
  item,
  hint,
  discarded,
}: {
  item: OutboxItem;
  hint?: string;
  discarded?: string;
}) {
  const i18n = useI18n();
  const { failure } = item;
  if (!failure) {
    return (
      <p className="mt-3 flex items-center gap-1 text-xs font-semibold text-amber-800">
        <Clock className="size-4" aria-hidden="true" />
        {i18n._(OFFLINE_TEXTS.waitingToSend)}
      </p>
    );
  }
  const discard = () =>
    void deleteOutboxItem(item.id)
      .then(() => discarded && toast(discarded))
      .catch((error: unknown) => logClientError('outbox_discard', error));
  return (
    <div className="mt-3 flex flex-col gap-3">
      <div role="alert" className="flex items-start gap-2 text-sm text-red-800">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-semibold">
            {i18n._('{title}: {reason}.', {
              title: i18n._(OFFLINE_TEXTS.sendFailedTitle),
              // The server's refusal is an English catalog id.
              reason: i18n._(failure.text).replace(/\.$/, ''),
            })}
          </span>
          {hint && ` ${hint}`}
        </p>
      </div>
      <button
        type="button"
        onClick={discard}
        className="min-h-11 self-start rounded-xl px-4 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
      >
        {i18n._(OFFLINE_TEXTS.discard)}
      </button>
    </div>
  );
}
