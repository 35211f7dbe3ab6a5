import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { ROUTES } from '../auth/routing.js';

/** Shown on the desire form after the partner's key changed, until the user sends anyway. */
export function KeyChangeWarning({
  partnerName,
  busy,
  onSendAnyway,
}: {
  partnerName: string;
  busy: boolean;
  onSendAnyway: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="key-change-warning"
      className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
    >
      <p className="flex gap-2 text-sm font-medium">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        {KEY_TEXTS.keyChanged(partnerName)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onSendAnyway} disabled={busy}>
          {KEY_TEXTS.sendAnyway}
        </Button>
        <Link
          to={ROUTES.safetyNumber}
          className="inline-flex items-center rounded-xl px-4 py-2 text-sm font-semibold text-amber-950 underline"
        >
          {KEY_TEXTS.compareSafety}
        </Link>
      </div>
    </div>
  );
}
