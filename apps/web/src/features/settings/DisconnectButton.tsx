import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { APP_TEXTS, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { ConfirmPanel } from '../../components/ConfirmPanel.js';
import { call } from '../../lib/api.js';
import { ApiError, failureText } from '../../lib/api-errors.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { getSession } from '../../lib/session.js';
import { removeStorage } from '../../lib/storage.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';
import { setPartnerStatus } from '../pairing/queries.js';
import { profileKeys } from '../profile/queries.js';

/** SPEC §4 disconnect: confirm, check has_partner, disconnect, then /auth/partner. */
export function DisconnectButton() {
  const i18n = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function disconnect() {
    if (busy) return;
    setBusy(true);
    try {
      const status = await call('getPartnerStatus');
      if (!status.has_partner) throw new Error(TEXTS.noPartnerConnection);
      const result = await call('disconnectFromPartner');
      if (!result.success) throw new Error(result.error ?? TEXTS.disconnectFailed);
      const userId = getSession()?.user.id;
      if (userId) removeStorage(STORAGE_KEYS.partnerId(userId));
      setPartnerStatus(queryClient, 'none', null);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (result.message) toast.success(i18n._(result.message));
      void navigate(ROUTES.partner);
    } catch (error) {
      logClientError('disconnect', error);
      const known = error instanceof ApiError && error.code === 'no_partner_connection';
      // Every reason is an English catalog id (the server's texts too).
      toast.error(
        i18n._(known ? TEXTS.noPartnerConnection : failureText(error, TEXTS.disconnectFailed)),
      );
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {i18n._('Disconnect from Partner')}
      </Button>
    );
  }
  return (
    <ConfirmPanel
      question={i18n._(APP_TEXTS.disconnectQuestion)}
      details={i18n._(APP_TEXTS.disconnectHistory)}
      confirmLabel={i18n._('Disconnect')}
      busyLabel={i18n._('Disconnecting...')}
      busy={busy}
      onCancel={() => setConfirming(false)}
      onConfirm={() => void disconnect()}
    />
  );
}
