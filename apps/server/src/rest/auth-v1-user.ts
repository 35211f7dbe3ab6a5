import type { AuthUser } from '@couple/protocol';

/** The auth user as that family shows it: ours, plus audience and role. */
export function goTrueUser(user: AuthUser) {
  return {
    ...user,
    aud: 'authenticated',
    role: 'authenticated',
    confirmed_at: user.email_confirmed_at,
  };
}
