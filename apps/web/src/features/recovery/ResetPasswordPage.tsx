import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_PAGES, CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { NewPasswordFields } from '../../components/NewPasswordFields.js';
import { call } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { ApiError } from '../../lib/api-errors.js';
import { useFormSubmit } from '../../lib/use-form-submit.js';
import { setSession } from '../../lib/session.js';
import { setFlash } from '../auth/flash.js';

/** The reset link's token rides in the fragment, which is never sent to a server. */
function readToken(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

/** The token, read once; it then leaves the address bar, so it stays out of the history. */
function useResetToken(): string | null {
  const [token] = useState(readToken);
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return token;
}

export function ResetPasswordPage() {
  const i18n = useI18n();
  const token = useResetToken();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [linkDead, setLinkDead] = useState(!token);
  const submit = useFormSubmit({
    tag: 'reset_password',
    failed: CREDENTIAL_TEXTS.resetPasswordFailed,
    check: () => {
      if (!token) return CREDENTIAL_TEXTS.resetLinkMissing;
      return password === repeated ? null : CREDENTIAL_TEXTS.passwordsDiffer;
    },
    run: async () => {
      setSession(await call('resetPassword', { body: { token: token ?? '', password } }));
      setFlash(CREDENTIAL_TEXTS.passwordReset); // an id: shown translated after the reload
      // As after an e-mail sign-in (SPEC §4): the whole app starts again, signed in.
      window.location.assign('/');
    },
    onError: (caught) => {
      if (caught instanceof ApiError && caught.code === 'invalid_reset_token') setLinkDead(true);
    },
  });
  const { busy, onSubmit } = submit;
  const error = submit.error ?? (token ? null : i18n._(CREDENTIAL_TEXTS.resetLinkMissing));

  return (
    <AuthShell
      title={i18n._('Choose a new password')}
      subtitle={i18n._('You will be signed out everywhere else, and signed in here.')}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <NewPasswordFields
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
          disabled={linkDead}
        />
        <FormError message={error} />
        {linkDead ? (
          <Link
            to={ACCOUNT_PAGES.forgotPassword}
            className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white"
          >
            {i18n._('Request a new link')}
          </Link>
        ) : (
          <Button type="submit" disabled={busy}>
            {busy ? i18n._('Saving...') : i18n._('Set new password')}
          </Button>
        )}
      </form>
    </AuthShell>
  );
}
