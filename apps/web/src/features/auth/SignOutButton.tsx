import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { Button, type ButtonProps } from '../../components/Button.js';
import { ConfirmPanel } from '../../components/ConfirmPanel.js';
import { logClientError } from '../../lib/client-errors.js';
import { getSession } from '../../lib/session.js';
import { signOut } from './actions.js';
import { ROUTES } from './routing.js';
import { useI18n } from '../../lib/i18n.js';

interface Waiting {
  desires: number;
  answers: number;
}
const NOTHING: Waiting = { desires: 0, answers: 0 };

/** What of this user's still waits in the outbox (read only when asked). */
async function countWaiting(): Promise<Waiting> {
  const userId = getSession()?.user.id;
  if (!userId) return NOTHING;
  const [{ listOutbox }, { isQueuedAnswer }] = await Promise.all([
    import('../outbox/store.js'),
    import('../outbox/retry.js'),
  ]);
  const waiting = (await listOutbox(userId)).filter((item) => item.failure === null);
  const answers = waiting.filter(isQueuedAnswer).length;
  return { desires: waiting.length - answers, answers };
}

/**
 * Sign Out, then the welcome screen: on Settings and on the onboarding and pairing steps. With
 * desires or answers still waiting to send it asks first, since signing out discards them.
 */
export function SignOutButton({ variant = 'secondary' }: { variant?: ButtonProps['variant'] }) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(NOTHING);

  function leave() {
    setBusy(true);
    void signOut(queryClient)
      .then(() => navigate(ROUTES.welcome))
      .finally(() => {
        setBusy(false);
        setWaiting(NOTHING);
      });
  }

  function ask() {
    setBusy(true);
    void countWaiting()
      .catch((error: unknown) => {
        logClientError('outbox_read', error);
        return NOTHING;
      })
      .then((found) => {
        if (found.desires + found.answers === 0) return leave();
        setBusy(false);
        setWaiting(found);
      });
  }

  if (waiting.desires + waiting.answers > 0) {
    return (
      <ConfirmPanel
        question={i18n._(OFFLINE_TEXTS.signOutQuestion)}
        details={discardsText(i18n, waiting)}
        confirmLabel={i18n._(OFFLINE_TEXTS.signOutAnyway)}
        busyLabel={i18n._('Signing out...')}
        busy={busy}
        onCancel={() => setWaiting(NOTHING)}
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

function discardsText(i18n: ReturnType<typeof useI18n>, { desires, answers }: Waiting): string {
  if (answers === 0) return i18n._(OFFLINE_TEXTS.signOutDiscardsDesires, { count: desires });
  if (desires === 0) return i18n._(OFFLINE_TEXTS.signOutDiscardsAnswers, { count: answers });
  return i18n._(OFFLINE_TEXTS.signOutDiscardsBoth, { desires, answers });
}
