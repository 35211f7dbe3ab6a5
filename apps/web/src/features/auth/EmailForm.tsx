import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { ACCOUNT_PAGES, CREDENTIAL_TEXTS, PASSWORD_MIN, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { api } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { setSession } from '../../lib/session.js';
import { isSession } from './actions.js';
import { setFlash } from './flash.js';

export type EmailMode = 'signup' | 'signin';

interface Props {
  mode: EmailMode;
  onModeChange: (mode: EmailMode) => void;
  onBack: () => void;
  onSignedUp: () => void;
}

const inputClass =
  'min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700';

export function EmailForm({ mode, onModeChange, onBack, onSignedUp }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signup = mode === 'signup';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (signup) {
        const result = await api.signup(email, password);
        if (isSession(result)) {
          setSession(result);
          toast.success(TEXTS.accountCreated);
          onSignedUp();
        } else {
          toast.info(TEXTS.confirmEmail);
          onModeChange('signin');
        }
      } else {
        setSession(await api.login(email, password));
        setFlash(TEXTS.signedIn);
        // SPEC §4: e-mail sign-in reloads the whole page at /.
        window.location.assign('/');
      }
    } catch (caught) {
      logClientError(signup ? 'signup' : 'signin', caught);
      setError(failureText(caught, signup ? TEXTS.signUpFailed : TEXTS.signInFailed));
      if (signup) toast.error(TEXTS.signUpFailedToast);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
      <h2 className="text-center text-xl font-semibold">
        {signup ? 'Create your account' : 'Welcome back'}
      </h2>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
        Email
        <input
          className={inputClass}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
        Password
        <input
          className={inputClass}
          type="password"
          name="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          minLength={PASSWORD_MIN}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {!signup && (
        <Link
          to={ACCOUNT_PAGES.forgotPassword}
          state={{ email }}
          className="-mt-2 self-end text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          {CREDENTIAL_TEXTS.forgotPassword}
        </Link>
      )}
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? (signup ? 'Creating account...' : 'Signing in...') : signup ? 'Sign Up' : 'Sign In'}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        Back
      </Button>
    </form>
  );
}
