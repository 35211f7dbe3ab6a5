import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { Button, type ButtonProps } from '../../components/Button.js';
import { ConfirmPanel } from '../../components/ConfirmPanel.js';
import { getSession } from '../../lib/session.js';
import { signOutDiscards } from '../../lib/sign-out-hooks.js';
import { signOut } from './actions.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * Sign Out, then the welcome screen: on Settings and on the onboarding and pairing steps. When
 * signing out would discard something (desires or answers still waiting to send: each feature
 * says what of its own, lib/sign-out-hooks.ts) it asks first.
 */
export function SignOutButton({ variant = 'secondary' }: { variant?: ButtonProps['variant'] }) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [discards, setDiscards] = useState<string[]>([]);

  function leave() {
    setBusy(true);
    void signOut(queryClient)
      .then(() => navigate(ROUTES.welcome))
      .finally(() => {
        setBusy(false);
        setDiscards([]);
      });
  }

  function ask() {
    setBusy(true);
    const userId = getSession()?.user.id;
    void (userId ? signOutDiscards(userId) : Promise.resolve([])).then((found) => {
      if (found.length === 0) return leave();
      setBusy(false);
      setDiscards(found);
    });
  }

  if (discards.length > 0) {
    return (
      <ConfirmPanel
        question={i18n._(OFFLINE_TEXTS.signOutQuestion)}
        details={discards.join(' ')}
        confirmLabel={i18n._(OFFLINE_TEXTS.signOutAnyway)}
        busyLabel={i18n._('Signing out...')}
        busy={busy}
        onCancel={() => setDiscards([])}
        onConfirm={leave}
      />
    );
  }
  return (
    <Button variant={variant} disabled={busy} onClick={ask}>
      {/* Its arrow leaves towards the end of the line: mirrored in right-to-left languages. */}
      <LogOut className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      {i18n._('Sign Out')}
    </Button>
  );
}
