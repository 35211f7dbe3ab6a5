import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Lock, Mail } from 'lucide-react';
import { APP_TEXTS, KEY_TEXTS } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { Sentence } from '../../components/Sentence.js';
import { FarcasterSignInButton } from '../miniapp/FarcasterSignInButton.js';
import { useMiniAppHost } from '../miniapp/host.js';
import { EmailForm, type EmailMode } from './EmailForm.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';

const footerLink = 'font-medium text-brand-800 underline underline-offset-2';

export function WelcomePage() {
  // "Back to sign in" from the forgot-password page opens the sign-in form (?signin).
  const [mode, setMode] = useState<EmailMode | null>(() =>
    new URLSearchParams(window.location.search).has('signin') ? 'signin' : null,
  );
  const i18n = useI18n();
  const host = useMiniAppHost();
  const navigate = useNavigate();

  return (
    <AuthShell
      title="Couple Desires"
      subtitle={i18n._('A private space to share your desires with your partner.')}
    >
      {!mode && (
        <p className="text-center text-base text-slate-700">{i18n._(APP_TEXTS.howItWorks)}</p>
      )}
      {mode ? (
        <EmailForm
          mode={mode}
          onModeChange={setMode}
          onBack={() => setMode(null)}
          onSignedUp={() => void navigate(ROUTES.onboarding)}
        />
      ) : (
        <div className="flex flex-col gap-3">
          {host.status === 'host' && <FarcasterSignInButton host={host.host} />}
          <Button onClick={() => setMode('signup')}>
            <Mail className="size-5" aria-hidden="true" />
            {i18n._('Sign up with Email')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('signin')}>
            {i18n._('Sign In with Email')}
          </Button>
        </div>
      )}
      <p className="flex items-center justify-center gap-2 text-center text-sm text-slate-700">
        <Lock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._(KEY_TEXTS.privacyNotes)}
      </p>
      <footer className="text-center text-sm text-slate-600">
        <Sentence
          text={(marks) => i18n._('By continuing you agree to our {privacy} and {terms}', marks)}
          parts={{
            privacy: (
              <a href="#" className={footerLink}>
                {i18n._('Privacy Policy')}
              </a>
            ),
            terms: (
              <a href="#" className={footerLink}>
                {i18n._('Terms of Service')}
              </a>
            ),
          }}
        />
      </footer>
    </AuthShell>
  );
}
