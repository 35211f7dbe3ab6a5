import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.js';
import { isTemporaryUsername } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { api } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { ROUTES } from '../auth/routing.js';
import { signInWithFarcaster } from './actions.js';
import type { MiniAppHost } from './host.js';

export const FARCASTER_SIGNED_IN = 'Signed in with Farcaster';
export const FARCASTER_SIGN_IN_FAILED = 'Failed to sign in with Farcaster';

export function FarcasterSignInButton({ host }: { host: MiniAppHost }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function signIn() {
    if (busy) return;
    setBusy(true);
    try {
      await signInWithFarcaster(host);
      toast.success(FARCASTER_SIGNED_IN);
      const profile = await api.getProfile().catch(() => null);
      void navigate(
        profile && !isTemporaryUsername(profile.username) ? ROUTES.home : ROUTES.onboarding,
      );
    } catch (error) {
      logClientError('farcaster_signin', error);
      toast.error(FARCASTER_SIGN_IN_FAILED);
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
      {busy ? 'Signing in...' : 'Sign in with Farcaster'}
    </Button>
  );
}
