import type { ComponentType } from 'react';
import { Button } from '../../components/Button.js';
import { SafetyNumberLink } from './SafetyNumberLink.js';

const TONES = {
  /** Blocks sending until the person acts: an unsigned key change. */
  warning: 'bg-amber-50 text-amber-950 ring-amber-300',
  /** Only tells: a rotation signed by the previous key. */
  info: 'bg-brand-50 text-slate-800 ring-brand-200',
} as const;

/** A notice about the partner's key: what happened, an action if one helps, the safety number. */
export function KeyNotice({
  tone,
  testId,
  icon: Icon,
  text,
  action,
  className = '',
}: {
  tone: keyof typeof TONES;
  testId: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  text: string;
  action?: { label: string; onClick: () => void; busy: boolean };
  className?: string;
}) {
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex flex-col gap-3 rounded-2xl p-4 ring-1 ${TONES[tone]} ${className}`}
    >
      <p className="flex gap-2 text-sm font-medium">
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {action && (
          <Button type="button" onClick={action.onClick} disabled={action.busy}>
            {action.label}
          </Button>
        )}
        <SafetyNumberLink className="rounded-xl px-4 py-2 text-sm" />
      </div>
    </div>
  );
}
