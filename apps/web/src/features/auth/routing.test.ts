import { describe, expect, it } from 'vitest';
import { decideRoute, type RouteInput } from './routing.js';

const ready = <T>(value: T) => ({ state: 'ready' as const, value });
const base: RouteInput = {
  pathname: '/',
  signedIn: true,
  username: ready('alice'),
  hasPartner: ready(true),
};
const decide = (patch: Partial<RouteInput>) => decideRoute({ ...base, ...patch });

describe('decideRoute', () => {
  it('sends a visitor without a user to the welcome screen', () => {
    expect(decide({ signedIn: false })).toEqual({ kind: 'redirect', to: '/auth/welcome' });
    expect(decide({ signedIn: false, pathname: '/profile' })).toEqual({
      kind: 'redirect',
      to: '/auth/welcome',
    });
    expect(decide({ signedIn: false, pathname: '/auth/welcome' })).toEqual({ kind: 'stay' });
    expect(decide({ signedIn: false, pathname: '/auth/partner' })).toEqual({
      kind: 'redirect',
      to: '/auth/welcome',
    });
  });

  it('keeps the screen when the profile request got no answer (offline), unlike a failure', () => {
    expect(decide({ username: { state: 'unreachable' } })).toEqual({ kind: 'stay' });
    expect(decide({ pathname: '/notifications', username: { state: 'unreachable' } })).toEqual({
      kind: 'stay',
    });
    expect(decide({ username: { state: 'error' } })).toEqual({
      kind: 'redirect',
      to: '/auth/onboarding',
    });
  });

  it('assumes a partner when the partner check got no answer', () => {
    expect(decide({ hasPartner: { state: 'unreachable' } })).toEqual({ kind: 'stay' });
  });

  it('waits while the profile or partner is loading', () => {
    expect(decide({ username: { state: 'loading' } })).toEqual({ kind: 'wait' });
    expect(decide({ hasPartner: { state: 'loading' } })).toEqual({ kind: 'wait' });
  });

  it('sends a missing or temporary username to onboarding', () => {
    expect(decide({ username: ready(null) })).toEqual({ kind: 'redirect', to: '/auth/onboarding' });
    expect(decide({ username: ready('user_1a2b3c') })).toEqual({
      kind: 'redirect',
      to: '/auth/onboarding',
    });
    expect(decide({ pathname: '/auth/onboarding', username: ready('user_x') })).toEqual({
      kind: 'stay',
    });
  });

  it('goes to onboarding when the profile request fails', () => {
    expect(decide({ username: { state: 'error' } })).toEqual({
      kind: 'redirect',
      to: '/auth/onboarding',
    });
  });

  it('sends a user without a partner to pairing', () => {
    expect(decide({ hasPartner: ready(false) })).toEqual({ kind: 'redirect', to: '/auth/partner' });
    expect(decide({ pathname: '/auth/onboarding', hasPartner: ready(false) })).toEqual({
      kind: 'redirect',
      to: '/auth/partner',
    });
    expect(decide({ pathname: '/auth/partner', hasPartner: ready(false) })).toEqual({
      kind: 'stay',
    });
  });

  it('assumes a partner when the partner check fails', () => {
    expect(decide({ hasPartner: { state: 'error' } })).toEqual({ kind: 'stay' });
  });

  it('moves a complete user off the /auth routes', () => {
    expect(decide({ pathname: '/auth/welcome' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ pathname: '/auth/partner' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ pathname: '/settings' })).toEqual({ kind: 'stay' });
  });
});
