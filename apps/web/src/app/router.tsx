import { createBrowserRouter, Navigate } from 'react-router';
import { ACCOUNT_PAGES } from '@couple/protocol/browser';
import { Splash } from '../components/Splash.js';
import { ProtectedLayout } from './layout/ProtectedLayout.js';
import { RootShell } from './RootShell.js';
import { RouteGate } from './RouteGate.js';

/* Each screen is its own chunk: the first load carries only the shell and the current screen. */
const welcome = () =>
  import('../features/auth/WelcomePage.js').then((m) => ({ Component: m.WelcomePage }));
const onboarding = () =>
  import('../features/auth/OnboardingPage.js').then((m) => ({ Component: m.OnboardingPage }));
const partner = () =>
  import('../features/pairing/PartnerPage.js').then((m) => ({ Component: m.PartnerPage }));
const desire = () =>
  import('../features/desire/DesirePage.js').then((m) => ({ Component: m.DesirePage }));
const notifications = () =>
  import('../features/inbox/NotificationsPage.js').then((m) => ({
    Component: m.NotificationsPage,
  }));
const profile = () =>
  import('../features/profile/ProfilePage.js').then((m) => ({ Component: m.ProfilePage }));
const forgotPassword = () =>
  import('../features/recovery/ForgotPasswordPage.js').then((m) => ({
    Component: m.ForgotPasswordPage,
  }));
const resetPassword = () =>
  import('../features/recovery/ResetPasswordPage.js').then((m) => ({
    Component: m.ResetPasswordPage,
  }));
const emailChanged = () =>
  import('../features/recovery/EmailChangedPage.js').then((m) => ({
    Component: m.EmailChangedPage,
  }));
const settings = () =>
  import('../features/settings/SettingsPage.js').then((m) => ({ Component: m.SettingsPage }));
const keySetup = () =>
  import('../features/keys/KeySetupPage.js').then((m) => ({ Component: m.KeySetupPage }));
const recoveryKey = () =>
  import('../features/keys/RecoveryKeyPage.js').then((m) => ({ Component: m.RecoveryKeyPage }));
const safetyNumber = () =>
  import('../features/keys/SafetyNumberPage.js').then((m) => ({ Component: m.SafetyNumberPage }));

/** SPEC §2 routes; every one passes the gate of SPEC §4. Unknown paths go to /. */
export const router = createBrowserRouter([
  {
    element: <RootShell />,
    HydrateFallback: Splash,
    children: [
      // Opened from a mailbox or before signing in: outside the gate, signed in or not.
      { path: ACCOUNT_PAGES.forgotPassword, lazy: forgotPassword },
      { path: ACCOUNT_PAGES.resetPassword, lazy: resetPassword },
      { path: ACCOUNT_PAGES.emailChanged, lazy: emailChanged },
      {
        element: <RouteGate />,
        children: [
          { path: '/auth/welcome', lazy: welcome },
          { path: '/auth/onboarding', lazy: onboarding },
          { path: '/auth/partner', lazy: partner },
          { path: '/auth', element: <Navigate to="/auth/welcome" replace /> },
          {
            path: '/',
            element: <ProtectedLayout />,
            children: [
              { index: true, lazy: desire },
              { path: 'notifications', lazy: notifications },
              { path: 'profile', lazy: profile },
              { path: 'settings', lazy: settings },
              { path: 'keys/setup', lazy: keySetup },
              { path: 'keys/recovery', lazy: recoveryKey },
              { path: 'keys/safety', lazy: safetyNumber },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
