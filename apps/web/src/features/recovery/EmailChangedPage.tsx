import { useSearchParams } from 'react-router';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';

/** Where an e-mail change link lands (GET /api/auth/email-change/confirm redirects here). */
export function EmailChangedPage() {
  const [params] = useSearchParams();
  const failed = params.get('error') !== null;
  return (
    <AuthShell
      title={failed ? 'Link not valid' : 'Email changed'}
      subtitle={
        failed
          ? CREDENTIAL_TEXTS.emailChangeLinkInvalid
          : `${CREDENTIAL_TEXTS.emailChanged}. Sign in with your new email from now on.`
      }
    >
      {/* A full load: a signed-in app reads the account again, with its new address. */}
      <a
        href="/"
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white"
      >
        Open the app
      </a>
    </AuthShell>
  );
}
