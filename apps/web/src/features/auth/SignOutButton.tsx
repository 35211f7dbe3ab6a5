import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/Button.js';
import { signOut } from './actions.js';
import { ROUTES } from './routing.js';

/** Sign Out, then the welcome screen: on Settings and on the onboarding and pairing steps. */
export function SignOutButton({ variant = 'secondary' }: { variant?: ButtonProps['variant'] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut(queryClient)
          .then(() => navigate(ROUTES.welcome))
          .finally(() => setBusy(false));
      }}
    >
      <LogOut className="size-5" aria-hidden="true" />
      Sign Out
    </Button>
  );
}
