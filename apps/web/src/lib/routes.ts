/**
 * The paths of the app's screens (app/router.tsx mounts them), so that any feature links to
 * another's screen without importing that feature.
 */
export const ROUTES = {
  home: '/',
  welcome: '/auth/welcome',
  onboarding: '/auth/onboarding',
  partner: '/auth/partner',
  notifications: '/notifications',
  profile: '/profile',
  settings: '/settings',
  wishes: '/wishes',
  keySetup: '/keys/setup',
  recoveryKey: '/keys/recovery',
  safetyNumber: '/keys/safety',
} as const;
