import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Link } from 'react-router';
import { ACCOUNT_PAGES, CREDENTIAL_TEXTS, PASSWORD_MIN, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { EmailField, TextField } from '../../components/TextField.js';
import { api } from '../../lib/api.js';
import { setSession } from '../../lib/session.js';
import { useFormSubmit } from '../../lib/use-form-submit.js';
import { isSession } from './actions.js';
import { setFlash } from './flash.js';

export type EmailMode = 'signup' | 'signin';

interface Props {
  mode: EmailMode;
  onModeChange: (mode: EmailMode) => void;
  onBack: () => void;
  onSignedUp: () => void;
}

export function EmailForm({ mode, onModeChange, onBack, onSignedUp }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = mode === 'signup';
  const { busy, error, onSubmit } = useFormSubmit({
    tag: signup ? 'signup' : 'signin',
    failed: signup ? TEXTS.signUpFailed : TEXTS.signInFailed,
    onError: () => signup && toast.error(TEXTS.signUpFailedToast),
    run: async () => {
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
    },
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate={false}>
      <h2 className="text-center text-xl font-semibold">
        {signup ? 'Create your account' : 'Welcome back'}
      </h2>
      <EmailField label="Email" value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete={signup ? 'new-password' : 'current-password'}
        required
        minLength={PASSWORD_MIN}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
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
