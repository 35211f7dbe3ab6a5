import { Link } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { ROUTES } from '../auth/routing.js';

/** "Compare safety number", in the colour of the notice around it. */
export function SafetyNumberLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to={ROUTES.safetyNumber}
      className={`inline-flex items-center font-semibold underline ${className}`}
    >
      {KEY_TEXTS.compareSafety}
    </Link>
  );
}
