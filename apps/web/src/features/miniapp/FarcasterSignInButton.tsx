import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.js';
import { isTemporaryUsername } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';
import { signInWithFarcaster } from './actions.js';
import type { MiniAppHost } from './host.js';

export function FarcasterSignInButton({ host }: { host: MiniAppHost }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function signIn() {
    if (busy) return;
    setBusy(true);
    try {
      await signInWithFarcaster(host);
      toast.success(i18n._('Signed in with Farcaster'));
      const profile = await call('getProfile').catch(() => null);
      void navigate(
        profile && !isTemporaryUsername(profile.username) ? ROUTES.home : ROUTES.onboarding,
      );
    } catch (error) {
      logClientError('farcaster_signin', error);
      toast.error(i18n._('Failed to sign in with Farcaster'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      onClick={() => void signIn()}
      disabled={busy}
      className="bg-violet-700 hover:bg-violet-800"
    >
      {busy ? i18n._('Signing in...') : i18n._('Sign in with Farcaster')}
    </Button>
  );
}
