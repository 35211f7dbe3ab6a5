import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { TIMEOUTS_MS } from '@couple/protocol/browser';
import { getSession, refreshSession, startSessionRefresh } from '../../lib/session.js';
import { isExpired } from '../../lib/session-timing.js';
import { orFallback } from '../../lib/timeout.js';
import { useSession } from '../../lib/use-session.js';

const AuthReady = createContext(false);

export const useAuthReady = () => useContext(AuthReady);

/** SPEC §4 start-up: session looked up directly, then refreshed if expired (5 s), forced ready after 10 s. */
async function checkSession(): Promise<void> {
  const session = getSession();
  if (session && isExpired(session, Date.now())) {
    await orFallback(refreshSession(), TIMEOUTS_MS.sessionCheck, null);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const userId = useSession()?.user.id;

  useEffect(() => {
    const forced = setTimeout(() => setReady(true), TIMEOUTS_MS.authInit);
    void checkSession().finally(() => {
      clearTimeout(forced);
      setReady(true);
    });
    return () => clearTimeout(forced);
  }, []);

  useEffect(() => {
    if (!userId) return;
    // Loaded here, not with the first screen: a signed-out visitor never needs it.
    const pushRegistered = import('../../lib/push.js').then(({ registerPush }) =>
      registerPush(false),
    );
    void orFallback(pushRegistered, TIMEOUTS_MS.pushRegistration, null);
    // The live channel opens in SignedInSync, once its listeners are in place.
    return startSessionRefresh();
  }, [userId]);

  return <AuthReady.Provider value={ready}>{children}</AuthReady.Provider>;
}
