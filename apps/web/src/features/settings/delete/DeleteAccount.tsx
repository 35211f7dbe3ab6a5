import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.js';
import { Trash2 } from 'lucide-react';
import type { ApiBody } from '@couple/protocol';
import { ACCOUNT_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../../components/Button.js';
import { FormError } from '../../../components/FormError.js';
import { failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { getSession } from '../../../lib/session.js';
import { forgetSignedIn } from '../../auth/actions.js';
import { forgetAccountKeys } from '../../keys/keyring.js';
import { ROUTES } from '../../../lib/routes.js';
import { useMiniAppHost, type HostState } from '../../miniapp/host.js';
import { usePartnerStatus } from '../../pairing/queries.js';
import { useProfile } from '../../profile/queries.js';
import { call } from '../../../lib/api.js';
import { ConfirmPanel } from '../ConfirmPanel.js';
import { farcasterConfirmation } from './confirm-identity.js';
import { useI18n } from '../../../lib/i18n.js';

const inputClass =
  'min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 focus:border-brand-700';

/** Deletes the account, then everything signing out forgets on this device. */
async function deleteAndForget(
  queryClient: QueryClient,
  confirmation: ApiBody<'deleteAccount'>,
): Promise<void> {
  const userId = getSession()?.user.id;
  await call('deleteAccount', { body: confirmation });
  // The account's end-to-end keys go with it; nothing they opened exists any more. Then
  // everything signing out forgets: a queued desire of a deleted account is never sent.
  if (userId) await forgetAccountKeys(userId).catch(() => undefined);
  await forgetSignedIn(queryClient, userId ?? null);
}

/** What goes with the account, and who is told. */
function DeleteQuestion({ partnerName }: { partnerName: string | null }) {
  const i18n = useI18n();
  return (
    <>
      <p className="font-semibold">{i18n._('Delete your account for good?')}</p>
      <p>
        {partnerName !== null
          ? i18n._(
              'Your profile and signed-in devices are deleted now, with every desire you and {name} exchanged: your copies and theirs. This cannot be undone.',
              { name: partnerName },
            )
          : i18n._(
              'Your profile and signed-in devices are deleted now, with every desire you sent or received. This cannot be undone.',
            )}
      </p>
      {partnerName !== null && (
        <p>
          {i18n._('{name} will be told that you deleted your account.', {
            name: partnerName,
          })}
        </p>
      )}
      <p>{i18n._('To keep a copy, use “Export my data” first.')}</p>
    </>
  );
}

interface ProofProps {
  farcaster: boolean;
  inFarcasterHost: boolean;
  password: string;
  onPassword: (password: string) => void;
}

/** How the user proves it is them: the password, or a Farcaster sign-in inside a client. */
function IdentityProof({ farcaster, inFarcasterHost, password, onPassword }: ProofProps) {
  const i18n = useI18n();
  if (farcaster) {
    return (
      <p className="text-sm text-red-950">
        {inFarcasterHost
          ? i18n._('Farcaster will ask you to sign in again to confirm.')
          : i18n._('Open this app in your Farcaster client to confirm with a Farcaster sign-in.')}
      </p>
    );
  }
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-red-950">
      {i18n._('Your password, to confirm')}
      <input
        className={inputClass}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
    </label>
  );
}

interface StepProps {
  farcaster: boolean;
  host: HostState;
  partnerName: string | null;
  onCancel: () => void;
}

/** The second step: what goes, the proof it is the user, then the deletion. */
function ConfirmDeletion({ farcaster, host, partnerName, onCancel }: StepProps) {
  const i18n = useI18n();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canConfirm = farcaster ? host.status === 'host' : password !== '';

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const confirmation: ApiBody<'deleteAccount'> =
        farcaster && host.status === 'host' ? await farcasterConfirmation(host.host) : { password };
      await deleteAndForget(queryClient, confirmation);
      toast.success(i18n._(ACCOUNT_TEXTS.accountDeleted));
      void navigate(ROUTES.welcome);
    } catch (failure) {
      logClientError('delete_account', failure);
      setError(failureText(failure, ACCOUNT_TEXTS.deleteFailed));
      setBusy(false);
    }
  }

  return (
    <ConfirmPanel
      id="delete-account-question"
      question={<DeleteQuestion partnerName={partnerName} />}
      confirmLabel={i18n._('Delete my account')}
      busyLabel={i18n._('Deleting...')}
      busy={busy}
      canConfirm={canConfirm}
      onConfirm={() => void remove()}
      onCancel={onCancel}
    >
      <IdentityProof
        farcaster={farcaster}
        inFarcasterHost={host.status === 'host'}
        password={password}
        onPassword={setPassword}
      />
      <FormError message={error} />
    </ConfirmPanel>
  );
}

/**
 * Delete account: a second step that says what goes, then the password or a Farcaster sign-in.
 * Cancel closes the step, which forgets the password and the error with it.
 */
export function DeleteAccount() {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const profile = useProfile();
  const partner = usePartnerStatus().data?.partner ?? null;
  const host = useMiniAppHost();

  if (!open) {
    return (
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 className="size-5" aria-hidden="true" />
        {i18n._('Delete account')}
      </Button>
    );
  }
  return (
    <ConfirmDeletion
      farcaster={profile.data?.auth_method === 'farcaster'}
      host={host}
      partnerName={partner?.username ?? null}
      onCancel={() => setOpen(false)}
    />
  );
}
