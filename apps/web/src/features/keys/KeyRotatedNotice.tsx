import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { usePartnerStatus } from '../pairing/queries.js';
import type { KeyState } from './key-state.js';
import { KeyNotice } from './KeyNotice.js';
import { acceptPartnerKey } from './use-keys.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * The partner rotated their key and their previous, pinned key signed the new one: notes keep
 * showing as end-to-end and nothing is held back, so this only tells, until the person says OK
 * (which pins the key as accepted) or compares the safety number (docs/decisions.md).
 */
export function KeyRotatedNotice({ userId, state }: { userId: string; state: KeyState }) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('Your partner');
  const [busy, setBusy] = useState(false);

  function dismiss() {
    setBusy(true);
    acceptPartnerKey(queryClient, userId, state)
      .catch((error: unknown) => logClientError('accept_rotated_key', error))
      .finally(() => setBusy(false));
  }

  return (
    <KeyNotice
      tone="info"
      testId="key-rotated-notice"
      icon={KeyRound}
      text={i18n._(KEY_TEXTS.keyRotatedSigned, { name: partnerName })}
      action={{ label: i18n._(KEY_TEXTS.keyRotatedDismiss), onClick: dismiss, busy }}
      className="mb-6"
    />
  );
}
