import { useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { withTimeout } from '../../lib/timeout.js';
import { useSession } from '../../lib/use-session.js';

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
  stats: () => [...profileKeys.all, 'stats'] as const,
};

export function useProfile() {
  const signedIn = useSession() !== null;
  // Routing waits on it: a hung request ends as a failure (onboarding) after the auth-init limit.
  return useQuery({
    queryKey: profileKeys.detail(),
    queryFn: () => withTimeout(call('getProfile'), TIMEOUTS_MS.authInit),
    enabled: signedIn,
  });
}

export function useProfileStats() {
  return useQuery({ queryKey: profileKeys.stats(), queryFn: () => call('getProfileStats') });
}
