import { usernameProblem } from '@couple/protocol/browser';

/**
 * The Farcaster name as a username of ours, when it can be one: Farcaster allows `-`, we `_`.
 * Onboarding offers it (the user may change it); a name that still breaks a rule is not offered.
 */
export function suggestedUsername(farcasterName: string | undefined): string {
  const candidate = (farcasterName ?? '').trim().toLowerCase().replaceAll('-', '_');
  return candidate !== '' && usernameProblem(candidate) === null ? candidate : '';
}
