import { ShieldAlert } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { SafetyNumberLink } from '../keys/SafetyNumberLink.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * A note sealed by a key this device never accepted from its writer (features/keys/pins.ts):
 * shown, never hidden, but never as end-to-end, with the key that sealed it.
 */
export function UnconfirmedNote({ text, keyId }: { text: string | null; keyId: string }) {
  const i18n = useI18n();
  return (
    <div
      data-testid="note-unconfirmed"
      className="mt-3 flex flex-col gap-2 rounded-xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300"
    >
      <p className="flex items-start gap-2 text-sm font-semibold">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {i18n._(KEY_TEXTS.unconfirmedSealer)}
      </p>
      {text !== null && (
        <p dir="auto" className="text-base break-words text-slate-900 italic">
          &quot;{text}&quot;
        </p>
      )}
      <p className="text-xs">
        {i18n._(KEY_TEXTS.unconfirmedSealerKey)}{' '}
        <code data-testid="note-unconfirmed-key" className="font-mono break-all">
          {keyId}
        </code>
      </p>
      <p className="text-xs">{i18n._(KEY_TEXTS.unconfirmedSealerHint)}</p>
      <SafetyNumberLink className="min-h-10 w-fit text-sm" />
    </div>
  );
}
