import { Link } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';

/** "Compare safety number", in the colour of the notice around it. */
export function SafetyNumberLink({ className = '' }: { className?: string }) {
  const i18n = useI18n();
  return (
    <Link
      to={ROUTES.safetyNumber}
      className={`inline-flex items-center font-semibold underline ${className}`}
    >
      {i18n._(KEY_TEXTS.compareSafety)}
    </Link>
  );
}
