import { useState, type FormEvent } from 'react';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { TextField } from '../../../components/TextField.js';
import { api } from '../../../lib/api.js';
import { failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { FormActions } from './AccountRow.js';

/** Asks for the change; it happens when the link mailed to the new address is opened. */
export function ChangeEmail({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const target = email.trim().toLowerCase();
      await api.requestEmailChange(target, current);
      setSentTo(target);
    } catch (caught) {
      logClientError('change_email', caught);
      setError(failureText(caught, CREDENTIAL_TEXTS.changeEmailFailed));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-sm text-slate-800">
          {CREDENTIAL_TEXTS.emailChangeSent(sentTo)}
        </p>
        <button
          type="button"
          className="self-start text-sm font-medium text-brand-800 underline underline-offset-2"
          onClick={onDone}
        >
          Done
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="New email"
        type="email"
        name="new-email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Current password"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <FormError message={error} />
      <FormActions busy={busy} busyLabel="Sending..." onCancel={onDone} />
    </form>
  );
}
