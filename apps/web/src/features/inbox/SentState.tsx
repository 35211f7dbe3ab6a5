import { Check, CheckCheck } from 'lucide-react';
import type { Message } from '@couple/protocol';
import { clockTime } from '../../lib/relative-time.js';

/** A sent desire is delivered once stored (the partner's devices are told); seen once read. */
export function SentState({ message, now }: { message: Message; now: number }) {
  const seen = message.read_at;
  return (
    <p
      data-testid="sent-state"
      className={`mt-3 flex items-center gap-1 text-xs font-semibold ${seen ? 'text-brand-800' : 'text-slate-600'}`}
    >
      {seen ? (
        <CheckCheck className="size-4" aria-hidden="true" />
      ) : (
        <Check className="size-4" aria-hidden="true" />
      )}
      {seen ? `Seen ${clockTime(seen, now)}` : 'Delivered'}
    </p>
  );
}
