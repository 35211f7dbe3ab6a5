import { CircleCheckBig, CircleHelp, CircleX } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useI18n } from '../../lib/i18n.js';
import type { WishAnswer } from './use-wishes.js';

const ANSWERS: { value: WishAnswer; label: string; icon: LucideIcon; chosen: string }[] = [
  {
    value: 'yes',
    label: /*i18n*/ 'Yes',
    icon: CircleCheckBig,
    chosen: 'bg-brand-700 text-white ring-brand-700',
  },
  {
    value: 'maybe',
    label: /*i18n*/ 'Maybe',
    icon: CircleHelp,
    chosen: 'bg-amber-50 text-amber-900 ring-2 ring-amber-800',
  },
  {
    value: 'no',
    label: /*i18n*/ 'No',
    icon: CircleX,
    chosen: 'bg-slate-800 text-slate-50 ring-slate-800',
  },
];

/**
 * Yes / Maybe / No for one wish. The chosen one is pressed (aria-pressed); pressing it again
 * clears the answer. Each button's name says which wish it answers when `wish` is given (a
 * list holds many "Yes" buttons).
 */
export function AnswerButtons({
  answer,
  wish,
  onAnswer,
  size = 'large',
}: {
  answer: WishAnswer | null;
  wish?: string;
  onAnswer: (answer: WishAnswer | null) => void;
  size?: 'large' | 'small';
}) {
  const i18n = useI18n();
  return (
    <div role="group" aria-label={wish ?? i18n._('Your answer')} className="grid grid-cols-3 gap-2">
      {ANSWERS.map(({ value, label, icon: Icon, chosen }) => {
        const pressed = answer === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onAnswer(pressed ? null : value)}
            className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-2 font-semibold ring-1 transition-colors ${
              size === 'large' ? 'min-h-12 text-base' : 'text-sm'
            } ${pressed ? chosen : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`}
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            {i18n._(label)}
          </button>
        );
      })}
    </div>
  );
}
