import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { APP_TEXTS, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { api } from '../../lib/api.js';
import { ApiError, failureText } from '../../lib/api-errors.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { getSession } from '../../lib/session.js';
import { removeStorage } from '../../lib/storage.js';
import { ROUTES } from '../auth/routing.js';
import { setPartnerStatus } from '../pairing/queries.js';
import { profileKeys } from '../profile/queries.js';

/** SPEC §4 disconnect: confirm, check has_partner, disconnect, then /auth/partner. */
export function DisconnectButton() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // The question opens at the foot of a long page: bring all of it above the tab bar.
  useEffect(() => {
    if (!confirming) return;
    cancel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [confirming]);

  async function disconnect() {
    if (busy) return;
    setBusy(true);
    try {
      const status = await api.partnerStatus();
      if (!status.has_partner) throw new Error(TEXTS.noPartnerConnection);
      const result = await api.disconnect();
      if (!result.success) throw new Error(result.error ?? TEXTS.disconnectFailed);
      const userId = getSession()?.user.id;
      if (userId) removeStorage(STORAGE_KEYS.partnerId(userId));
      setPartnerStatus(queryClient, 'none', null);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (result.message) toast.success(result.message);
      void navigate(ROUTES.partner);
    } catch (error) {
      logClientError('disconnect', error);
      const known = error instanceof ApiError && error.code === 'no_partner_connection';
      toast.error(known ? TEXTS.noPartnerConnection : failureText(error, TEXTS.disconnectFailed));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Disconnect from Partner
      </Button>
    );
  }
  return (
    <div
      ref={panel}
      role="alertdialog"
      aria-labelledby="disconnect-question"
      aria-describedby="disconnect-history"
      className="flex scroll-mt-20 scroll-mb-28 flex-col gap-3 rounded-xl bg-red-50 p-4 md:scroll-mb-6"
    >
      <p id="disconnect-question" className="font-medium text-red-900">
        {APP_TEXTS.disconnectQuestion}
      </p>
      <p id="disconnect-history" className="text-sm text-red-900">
        {APP_TEXTS.disconnectHistory}
      </p>
      <div className="flex gap-3">
        <Button
          ref={cancel}
          variant="secondary"
          onClick={() => setConfirming(false)}
          disabled={busy}
        >
          Cancel
        </Button>
        <Button
          className="bg-red-700 hover:bg-red-800"
          onClick={() => void disconnect()}
          disabled={busy}
        >
          {busy ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </div>
    </div>
  );
}
