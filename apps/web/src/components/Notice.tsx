import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

/** Each tone's box, and its icon where the icon is not in the text's colour. */
const TONES: Record<NoticeTone, { box: string; icon: string }> = {
  info: { box: 'bg-brand-50 text-slate-800 ring-brand-200', icon: 'text-brand-700' },
  success: { box: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: '' },
  warning: { box: 'bg-amber-50 text-amber-950 ring-amber-300', icon: '' },
  danger: { box: 'bg-red-50 text-red-900 ring-red-200', icon: '' },
};

const classes = (...names: string[]) => names.filter(Boolean).join(' ');

type NoticeIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/**
 * A box on a screen that tells the person something: the tone's colours, an icon, the text, and
 * below it what they can do about it. Screen readers hear a danger at once (role alert) and the
 * other tones when they are free (role status); `urgent` makes a warning interrupt too, for one
 * that holds back what the person is doing.
 */
export function Notice({
  tone,
  icon: Icon,
  action,
  urgent = false,
  testId,
  className = '',
  children,
}: {
  tone: NoticeTone;
  icon?: NoticeIcon;
  action?: ReactNode;
  urgent?: boolean;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const colours = TONES[tone];
  return (
    <div
      role={urgent || tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
      className={classes(
        'flex flex-col gap-3 rounded-2xl p-4 text-sm ring-1',
        colours.box,
        className,
      )}
    >
      <div className="flex gap-2">
        {Icon && <Icon className={classes('size-5 shrink-0', colours.icon)} aria-hidden="true" />}
        {children}
      </div>
      {action}
    </div>
  );
}

/** A notice's way out that is another screen: a link drawn as the main button. */
export function NoticeLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
    >
      {children}
    </Link>
  );
}
