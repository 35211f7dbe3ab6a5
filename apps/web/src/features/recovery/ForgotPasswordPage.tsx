import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { Notice } from '../../components/Notice.js';
import { EmailField } from '../../components/TextField.js';
import { call } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { useFormSubmit } from '../../lib/use-form-submit.js';
import { ROUTES } from '../../lib/routes.js';

const backLink = 'text-center text-sm font-medium text-brand-800 underline underline-offset-2';

/** "Forgot password?": the same answer whether or not the address has an account. */
/** The address typed in the sign-in form, handed over by its "Forgot password?" link. */
function typedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function ForgotPasswordPage() {
  const i18n = useI18n();
  const [email, setEmail] = useState(typedEmail(useLocation().state));
  const [sent, setSent] = useState(false);
  const { busy, error, onSubmit } = useFormSubmit({
    tag: 'request_password_reset',
    failed: CREDENTIAL_TEXTS.sendResetLinkFailed,
    run: async () => {
      await call('requestPasswordReset', { body: { email } });
      setSent(true);
    },
  });

  return (
    <AuthShell
      title={i18n._('Reset your password')}
      subtitle={i18n._(
        'Enter the email of your account and we will send you a link to choose a new password.',
      )}
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <Notice tone="success">{i18n._(CREDENTIAL_TEXTS.resetLinkSent)}</Notice>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {i18n._('Send another link')}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <EmailField label={i18n._('Email')} value={email} onChange={setEmail} />
          <FormError message={error} />
          <Button type="submit" disabled={busy}>
            {busy ? i18n._('Sending...') : i18n._('Send reset link')}
          </Button>
        </form>
      )}
      <Link to={`${ROUTES.welcome}?signin=1`} className={backLink}>
        {i18n._('Back to sign in')}
      </Link>
    </AuthShell>
  );
}
