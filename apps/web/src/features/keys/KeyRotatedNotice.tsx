import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { logClientError } from '../../lib/client-errors.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { ROUTES } from '../auth/routing.js';
import type { KeyState } from './key-state.js';
import { acceptPartnerKey } from './use-keys.js';

/**
 * The partner rotated their key and their previous, pinned key signed the new one: notes keep
 * showing as end-to-end and nothing is held back, so this only tells, until the person says OK
 * (which pins the key as accepted) or compares the safety number (docs/decisions.md).
 */
export function KeyRotatedNotice({ userId, state }: { userId: string; state: KeyState }) {
  const queryClient = useQueryClient();
  const partnerName = usePartnerStatus().data?.partner?.username ?? 'Your partner';
  const [busy, setBusy] = useState(false);

  function dismiss() {
    setBusy(true);
    acceptPartnerKey(queryClient, userId, state)
      .catch((error: unknown) => logClientError('accept_rotated_key', error))
      .finally(() => setBusy(false));
  }

  return (
    <div
      role="status"
      data-testid="key-rotated-notice"
      className="mb-6 flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-200"
    >
      <p className="flex gap-2">
        <KeyRound className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {KEY_TEXTS.keyRotatedSigned(partnerName)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={dismiss} disabled={busy}>
          {KEY_TEXTS.keyRotatedDismiss}
        </Button>
        <Link
          to={ROUTES.safetyNumber}
          className="inline-flex items-center rounded-xl px-4 py-2 font-semibold text-brand-800 underline"
        >
          {KEY_TEXTS.compareSafety}
        </Link>
      </div>
    </div>
  );
}
