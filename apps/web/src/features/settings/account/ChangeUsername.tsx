import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CREDENTIAL_TEXTS, TEXTS, USERNAME_MAX, usernameProblem } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { TextField } from '../../../components/TextField.js';
import { api } from '../../../lib/api.js';
import { failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { profileKeys } from '../../profile/queries.js';
import { FormActions } from './AccountRow.js';

/** Onboarding's rule and texts (usernameProblem, then the server's answer). */
export function ChangeUsername({ current, onDone }: { current: string; onDone: () => void }) {
  const [username, setUsername] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = username.trim().toLowerCase();
    const problem = usernameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(profileKeys.detail(), await api.updateProfile(name));
      toast.success(CREDENTIAL_TEXTS.usernameChanged);
      onDone();
    } catch (caught) {
      logClientError('change_username', caught);
      setError(failureText(caught, TEXTS.usernameUpdateFailed));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="New username"
        name="username"
        className="lowercase"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <p className="-mt-2 text-right text-sm text-slate-600" aria-live="polite">
        {username.length}/{USERNAME_MAX} characters
      </p>
      <FormError message={error} />
      <FormActions busy={busy} busyLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
