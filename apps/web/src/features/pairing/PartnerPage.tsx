import { useState } from 'react';
import { useLocation } from 'react-router';
import { KeyRound, QrCode, ShieldCheck } from 'lucide-react';
import { KEY_TEXTS, PAIRING_CODE_LIFETIME_MINUTES } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';
import { SignOutButton } from '../auth/SignOutButton.js';
import { EnterCode } from './EnterCode.js';
import { GenerateCode } from './GenerateCode.js';
import { codeFromLink, pendingPairingCode } from './pairing-link.js';

type Mode = 'choice' | 'generate' | 'enter';

export function PartnerPage() {
  const i18n = useI18n();
  const { pathname, search } = useLocation();
  // A pairing link opens the enter-code step filled in, even after sign-up and onboarding.
  const [linkCode] = useState(() => codeFromLink(pathname, search) ?? pendingPairingCode());
  const [mode, setMode] = useState<Mode>(linkCode ? 'enter' : 'choice');
  const back = () => setMode('choice');

  return (
    <AuthShell
      title={i18n._('Connect with your partner')}
      subtitle={i18n._('Pair your accounts to start sharing desires.')}
    >
      {mode === 'generate' && <GenerateCode onBack={back} />}
      {mode === 'enter' && <EnterCode onBack={back} initialCode={linkCode ?? ''} />}
      {mode === 'choice' && (
        <div className="flex flex-col gap-4">
          <Button onClick={() => setMode('generate')}>
            <QrCode className="size-5" aria-hidden="true" />
            {i18n._('Generate Pairing Code')}
          </Button>
          <Button variant="secondary" onClick={() => setMode('enter')}>
            <KeyRound className="size-5" aria-hidden="true" />
            {i18n._("Enter Partner's Code")}
          </Button>
          <aside
            aria-labelledby="privacy-title"
            className="mt-2 rounded-2xl bg-white p-4 text-sm text-slate-700 ring-1 ring-brand-100"
          >
            <h2
              id="privacy-title"
              className="mb-2 flex items-center gap-2 font-semibold text-slate-900"
            >
              <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
              {i18n._('Your privacy matters')}
            </h2>
            <ul className="list-disc space-y-1 ps-5">
              <li>{i18n._('No usernames are shared during pairing')}</li>
              <li>
                {i18n._('Codes expire in {minutes, plural, one {# minute} other {# minutes}}', {
                  minutes: PAIRING_CODE_LIFETIME_MINUTES,
                })}
              </li>
              <li>{i18n._(KEY_TEXTS.privacyNotes)}</li>
              <li>{i18n._(KEY_TEXTS.privacyServer)}</li>
            </ul>
          </aside>
        </div>
      )}
      <SignOutButton variant="ghost" />
    </AuthShell>
  );
}
