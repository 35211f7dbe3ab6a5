import { Lock, LockOpen } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import type { NoteSeal } from './seal.js';

/** The desire form's promise about the note, exactly as it will be sent. */
export function NoteSealTag({ seal }: { seal: NoteSeal }) {
  if (seal.kind === 'legacy') {
    return (
      <span
        className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900"
        title={KEY_TEXTS.legacyHint}
      >
        <LockOpen className="size-3" aria-hidden="true" />
        {KEY_TEXTS.legacyTag}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
      <Lock className="size-3" aria-hidden="true" />
      {KEY_TEXTS.e2eTag}
    </span>
  );
}
