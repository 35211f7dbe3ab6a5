import { isTemporaryUsername } from '@couple/protocol/browser';
import { ROUTES } from '../../lib/routes.js';

/** A value that is still loading, failed, was not answered (no network), or known. */
export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'unreachable' }
  | { state: 'ready'; value: T };

export interface RouteInput {
  pathname: string;
  signedIn: boolean;
  username: Loadable<string | null>;
  hasPartner: Loadable<boolean>;
}

export type RouteDecision = { kind: 'stay' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export const isAuthRoute = (pathname: string) =>
  pathname === '/auth' || pathname.startsWith('/auth/');

/**
 * SPEC §4 routing once a user is known. Without a user only the welcome screen is reachable
 * (onboarding and pairing need one). A failed profile request means onboarding; a failed
 * partner check means a partner is assumed. A profile request without any answer (offline,
 * server unreachable, nothing cached) is not a missing profile: the app stays where it is.
 */
export function decideRoute(input: RouteInput): RouteDecision {
  const { pathname } = input;
  const goTo = (to: string): RouteDecision =>
    to === pathname ? { kind: 'stay' } : { kind: 'redirect', to };
  if (!input.signedIn) return goTo(ROUTES.welcome);

  if (input.username.state === 'loading') return { kind: 'wait' };
  if (input.username.state === 'unreachable') return { kind: 'stay' };
  if (input.username.state === 'error' || isTemporaryUsername(input.username.value)) {
    return goTo(ROUTES.onboarding);
  }

  if (input.hasPartner.state === 'loading') return { kind: 'wait' };
  const hasPartner = input.hasPartner.state !== 'ready' || input.hasPartner.value;
  if (!hasPartner) return goTo(ROUTES.partner);

  return isAuthRoute(pathname) ? goTo(ROUTES.home) : { kind: 'stay' };
}
