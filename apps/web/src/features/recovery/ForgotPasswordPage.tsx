import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { TextField } from '../../components/TextField.js';
import { api } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { ROUTES } from '../auth/routing.js';

const backLink = 'text-center text-sm font-medium text-brand-800 underline underline-offset-2';

/** "Forgot password?": the same answer whether or not the address has an account. */
/** The address typed in the sign-in form, handed over by its "Forgot password?" link. */
function typedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState(typedEmail(useLocation().state));
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      logClientError('request_password_reset', caught);
      setError(failureText(caught, CREDENTIAL_TEXTS.sendResetLinkFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <p
            role="status"
            className="rounded-xl bg-white p-4 text-base text-slate-800 shadow-sm ring-1 ring-brand-100"
          >
            {CREDENTIAL_TEXTS.resetLinkSent}
          </p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            Send another link
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Link to={`${ROUTES.welcome}?signin=1`} className={backLink}>
        Back to sign in
      </Link>
    </AuthShell>
  );
}
