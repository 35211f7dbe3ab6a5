import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KEY_TEXTS, createIdentity } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { logClientError } from '../../lib/client-errors.js';
import { adoptIdentity } from './use-keys.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';

const LOST = {
  option: KEY_TEXTS.newKeyOption,
  warning: KEY_TEXTS.newKeyWarning,
  confirm: KEY_TEXTS.newKeyConfirm,
};
const ROTATE = {
  option: KEY_TEXTS.rotateKeyOption,
  warning: KEY_TEXTS.rotateKeyWarning,
  confirm: KEY_TEXTS.rotateKeyConfirm,
};

/**
 * Replacing the account's key: the person reads what it costs before it happens. `rotating` is
 * for a device that holds the current key, which then signs the new one (adoptIdentity).
 */
export function CreateNewKey({ userId, rotating = false }: { userId: string; rotating?: boolean }) {
  const i18n = useI18n();
  const texts = rotating ? ROTATE : LOST;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function replaceKey() {
    setBusy(true);
    setError(null);
    try {
      await adoptIdentity(queryClient, userId, await createIdentity());
      void navigate(ROUTES.recoveryKey);
    } catch (caught) {
      logClientError('replace_identity_key', caught);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {i18n._(texts.option)}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
      <p role="alert" className="text-sm text-red-900">
        {i18n._(texts.warning)}
      </p>
      <FormError message={error && i18n._(error)} />
      <Button variant="danger" disabled={busy} onClick={() => void replaceKey()}>
        {i18n._(texts.confirm)}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        {i18n._('Cancel')}
      </Button>
    </div>
  );
}
