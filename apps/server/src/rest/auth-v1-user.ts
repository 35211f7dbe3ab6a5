import type { AuthUser, Session } from '@couple/protocol';
import { isFarcasterAddress } from '../auth/credentials.js';

/**
 * The auth user as that family shows it: ours, plus audience, role and the two metadata objects
 * supabase-js reads (we keep nothing in them beyond the provider).
 */
export function goTrueUser(user: AuthUser) {
  // A Farcaster account's e-mail is its internal identifier.
  const provider = isFarcasterAddress(user.email) ? 'farcaster' : 'email';
  return {
    ...user,
    aud: 'authenticated',
    role: 'authenticated',
    confirmed_at: user.email_confirmed_at,
    app_metadata: { provider, providers: [provider] },
    user_metadata: {},
  };
}

/** A session as GoTrue answers it: with the whole user, as GET /user shows it. */
export function goTrueSession(session: Session) {
  return { ...session, user: goTrueUser(session.user) };
}
