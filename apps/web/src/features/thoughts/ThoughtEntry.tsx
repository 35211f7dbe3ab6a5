import type { Thought } from '@couple/protocol';
import { HandHeart } from 'lucide-react';
import { useI18n } from '../../lib/i18n.js';
import { relativeAge } from '../../lib/relative-time.js';

/**
 * A thought in the inbox: one light line among the desires (no card, no score, no answer).
 * Received: "{name} was thinking of you"; sent: "You thought of {name}".
 */
export function ThoughtEntry({
  thought,
  received,
  partnerName,
  isNew,
  now,
}: {
  thought: Thought;
  received: boolean;
  partnerName: string;
  isNew: boolean;
  now: number;
}) {
  const i18n = useI18n();
  return (
    <li
      className="flex items-center gap-2 rounded-xl bg-white/60 px-3 py-2 text-sm text-slate-700 ring-1 ring-brand-100"
      data-testid="thought-entry"
    >
      <HandHeart className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        {received
          ? i18n._('{name} was thinking of you', { name: partnerName })
          : i18n._('You thought of {name}', { name: partnerName })}
      </span>
      {isNew && <span className="size-2 shrink-0 rounded-full bg-brand-700" aria-hidden="true" />}
      <time dateTime={thought.created_at} className="shrink-0 text-xs text-slate-600">
        {relativeAge(thought.created_at, now)}
      </time>
    </li>
  );
}
