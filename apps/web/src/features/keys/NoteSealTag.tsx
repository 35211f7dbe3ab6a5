import { Lock, LockOpen } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import type { NoteSeal } from './seal.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * How a note is sealed, as a tag: end-to-end, or the older format with its hint. The desire
 * form shows how its note will be sent; a note in the inbox, how it came.
 */
export function NoteSealTag({ seal }: { seal: { kind: NoteSeal['kind'] } }) {
  const i18n = useI18n();
  if (seal.kind === 'legacy') {
    return (
      <span
        className="inline-flex w-fit items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900"
        title={i18n._(KEY_TEXTS.legacyHint)}
      >
        <LockOpen className="size-3" aria-hidden="true" />
        {i18n._(KEY_TEXTS.legacyTag)}
      </span>
    );
  }
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
      <Lock className="size-3" aria-hidden="true" />
      {i18n._(KEY_TEXTS.e2eTag)}
    </span>
  );
}
