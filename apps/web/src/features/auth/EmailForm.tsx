import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Link } from 'react-router';
import { ACCOUNT_PAGES, CREDENTIAL_TEXTS, PASSWORD_MIN, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { EmailField, TextField } from '../../components/TextField.js';
import { call } from '../../lib/api.js';
import { setSession } from '../../lib/session.js';
import { i18n, useI18n } from '../../lib/i18n.js';
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

interface Credentials {
  email: string;
  password: string;
}

/** Signed up, or (the address to confirm first) on to sign-in. */
async function signUp(
  body: Credentials,
  { onModeChange, onSignedUp }: Pick<Props, 'onModeChange' | 'onSignedUp'>,
): Promise<void> {
  const result = await call('signUp', { body });
  if (isSession(result)) {
    setSession(result);
    toast.success(i18n._(TEXTS.accountCreated));
    onSignedUp();
  } else {
    toast.info(i18n._(TEXTS.confirmEmail));
    onModeChange('signin');
  }
}

async function signIn(body: Credentials): Promise<void> {
  setSession(await call('signIn', { body }));
  // An id: the page after the reload shows it in its language.
  setFlash(TEXTS.signedIn);
  // SPEC §4: e-mail sign-in reloads the whole page at /.
  window.location.assign('/');
}

function submitText(signup: boolean, busy: boolean): string {
  if (busy) return signup ? i18n._('Creating account...') : i18n._('Signing in...');
  return signup ? i18n._('Sign Up') : i18n._('Sign In');
}

export function EmailForm(props: Props) {
  const { mode, onBack } = props;
  useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = mode === 'signup';
  const { busy, error, onSubmit } = useFormSubmit({
    tag: signup ? 'signup' : 'signin',
    failed: signup ? TEXTS.signUpFailed : TEXTS.signInFailed,
    onError: () => signup && toast.error(i18n._(TEXTS.signUpFailedToast)),
    run: () => (signup ? signUp({ email, password }, props) : signIn({ email, password })),
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate={false}>
      <h2 className="text-center text-xl font-semibold">
        {signup ? i18n._('Create your account') : i18n._('Welcome back')}
      </h2>
      <EmailField label={i18n._('Email')} value={email} onChange={setEmail} />
      <TextField
        label={i18n._('Password')}
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
          {i18n._(CREDENTIAL_TEXTS.forgotPassword)}
        </Link>
      )}
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {submitText(signup, busy)}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        {i18n._('Back')}
      </Button>
    </form>
  );
}
