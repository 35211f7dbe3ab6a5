import { useSearchParams } from 'react-router';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { useI18n } from '../../lib/i18n.js';

/** Where an e-mail change link lands (GET /api/auth/email-change/confirm redirects here). */
export function EmailChangedPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const failed = params.get('error') !== null;
  return (
    <AuthShell
      title={failed ? i18n._('Link not valid') : i18n._('Email changed')}
      subtitle={
        failed
          ? i18n._(CREDENTIAL_TEXTS.emailChangeLinkInvalid)
          : // One sentence for the translators, though it begins with emailChanged's text.
            i18n._('Email changed successfully. Sign in with your new email from now on.')
      }
    >
      {/* A full load: a signed-in app reads the account again, with its new address. */}
      <a
        href="/"
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white"
      >
        {i18n._('Open the app')}
      </a>
    </AuthShell>
  );
}
