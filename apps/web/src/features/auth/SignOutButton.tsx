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

/** How many of this user's desires still wait in the outbox (read only when asked). */
async function countWaiting(): Promise<number> {
  const userId = getSession()?.user.id;
  if (!userId) return 0;
  const { listOutbox } = await import('../outbox/store.js');
  return (await listOutbox(userId)).filter((item) => item.failure === null).length;
}

/**
 * Sign Out, then the welcome screen: on Settings and on the onboarding and pairing steps. With
 * desires still waiting to send it asks first, since signing out discards them.
 */
export function SignOutButton({ variant = 'secondary' }: { variant?: ButtonProps['variant'] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(0);

  function leave() {
    setBusy(true);
    void signOut(queryClient)
      .then(() => navigate(ROUTES.welcome))
      .finally(() => {
        setBusy(false);
        setWaiting(0);
      });
  }

  function ask() {
    setBusy(true);
    void countWaiting()
      .catch((error: unknown) => {
        logClientError('outbox_read', error);
        return 0;
      })
      .then((count) => {
        if (count === 0) return leave();
        setBusy(false);
        setWaiting(count);
      });
  }

  if (waiting > 0) {
    return (
      <ConfirmPanel
        question={OFFLINE_TEXTS.signOutQuestion}
        details={OFFLINE_TEXTS.signOutDiscards(waiting)}
        confirmLabel={OFFLINE_TEXTS.signOutAnyway}
        busyLabel="Signing out..."
        busy={busy}
        onCancel={() => setWaiting(0)}
        onConfirm={leave}
      />
    );
  }
  return (
    <Button variant={variant} disabled={busy} onClick={ask}>
      <LogOut className="size-5" aria-hidden="true" />
      Sign Out
    </Button>
  );
}
