import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { NewPasswordFields } from '../../../components/NewPasswordFields.js';
import { TextField } from '../../../components/TextField.js';
import { api } from '../../../lib/api.js';
import { failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { FormActions } from './AccountRow.js';

/** The current password, then the new one twice; the server ends every other session. */
export function ChangePassword({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== repeated) {
      setError(CREDENTIAL_TEXTS.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.changePassword(current, password);
      toast.success(CREDENTIAL_TEXTS.passwordChanged, {
        description: 'Your other devices are signed out.',
      });
      onDone();
    } catch (caught) {
      logClientError('change_password', caught);
      setError(failureText(caught, CREDENTIAL_TEXTS.changePasswordFailed));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordFields
        password={password}
        repeated={repeated}
        onPassword={setPassword}
        onRepeated={setRepeated}
      />
      <FormError message={error} />
      <FormActions busy={busy} busyLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
