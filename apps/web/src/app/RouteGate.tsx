import { Navigate, Outlet, useLocation } from 'react-router';
import { Splash } from '../components/Splash.js';
import { useAuthReady } from '../features/auth/AuthProvider.js';
import { decideRoute, type Loadable } from '../features/auth/routing.js';
import { isNetworkFailure } from '../features/offline/network.js';
import { usePartnerStatus } from '../features/pairing/queries.js';
import { useRedirectsHeld } from '../features/pairing/redirect-hold.js';
import { useProfile } from '../features/profile/queries.js';
import { useSession } from '../lib/use-session.js';

function loadable<T, V>(
  query: { status: string; data: T | undefined; error: unknown },
  pick: (data: T) => V,
): Loadable<V> {
  if (query.data !== undefined) return { state: 'ready', value: pick(query.data) };
  if (query.status !== 'error') return { state: 'loading' };
  return isNetworkFailure(query.error) ? { state: 'unreachable' } : { state: 'error' };
}

/** Applies the routing rules of SPEC §4 to every route. */
export function RouteGate() {
  const ready = useAuthReady();
  const session = useSession();
  const profile = useProfile();
  const partner = usePartnerStatus();
  const held = useRedirectsHeld();
  const { pathname } = useLocation();

  if (!ready) return <Splash />;
  const decision = decideRoute({
    pathname,
    signedIn: session !== null,
    username: loadable(profile, (p) => p.username),
    hasPartner: loadable(partner, (p) => p.has_partner),
  });
  if (decision.kind === 'wait') return <Splash />;
  if (decision.kind === 'redirect' && !held) return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
