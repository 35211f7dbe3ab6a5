import { badgeText } from '../../lib/badge.js';
import { useI18n } from '../../lib/i18n.js';

export function UnreadBadge({
  count,
  cap,
  className = '',
}: {
  count: number;
  cap: number;
  className?: string;
}) {
  const i18n = useI18n();
  const text = badgeText(count, cap);
  if (!text) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold leading-5 text-white ${className}`}
      aria-label={i18n._('{count, plural, one {# unread} other {# unread}}', { count })}
      data-testid="unread-badge"
    >
      {text}
    </span>
  );
}
