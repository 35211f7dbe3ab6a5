import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ACCOUNT_PAGES } from '@couple/protocol/browser';
import { RootShell } from './RootShell.js';
import { RouteGate } from './RouteGate.js';

/*
 * Each screen is its own chunk, and so is the signed-in layout (live channel, keys, outbox): the
 * first load carries only the shell, and the current screen follows. Declarative routes rather
 * than a data router: the data router's code is twice the size and nothing here uses loaders.
 */
const loadWelcome = () => import('../features/auth/WelcomePage.js');
const loadLayout = () => import('./layout/ProtectedLayout.js');
const loadDesire = () => import('../features/desire/DesirePage.js');

/**
 * The screen a start most often lands on, fetched beside the language's catalog (main.tsx), not
 * after the first render: signed out, the welcome screen; signed in at /, the desire screen.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): void {
  const welcome = pathname === '/' || pathname.startsWith('/auth');
  const screens = signedIn
    ? pathname === '/'
      ? [loadLayout, loadDesire]
      : []
    : welcome
      ? [loadWelcome]
      : [];
  for (const screen of screens) void screen().catch(() => undefined);
}

const WelcomePage = lazy(() => loadWelcome().then((m) => ({ default: m.WelcomePage })));
const OnboardingPage = lazy(() =>
  import('../features/auth/OnboardingPage.js').then((m) => ({ default: m.OnboardingPage })),
);
const PartnerPage = lazy(() =>
  import('../features/pairing/PartnerPage.js').then((m) => ({ default: m.PartnerPage })),
);
const ProtectedLayout = lazy(() => loadLayout().then((m) => ({ default: m.ProtectedLayout })));
const DesirePage = lazy(() => loadDesire().then((m) => ({ default: m.DesirePage })));
const NotificationsPage = lazy(() =>
  import('../features/inbox/NotificationsPage.js').then((m) => ({
    default: m.NotificationsPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage.js').then((m) => ({ default: m.ProfilePage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/recovery/ForgotPasswordPage.js').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/recovery/ResetPasswordPage.js').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const EmailChangedPage = lazy(() =>
  import('../features/recovery/EmailChangedPage.js').then((m) => ({
    default: m.EmailChangedPage,
  })),
);
const WishesPage = lazy(() =>
  import('../features/wishes/WishesPage.js').then((m) => ({ default: m.WishesPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage.js').then((m) => ({ default: m.SettingsPage })),
);
const KeySetupPage = lazy(() =>
  import('../features/keys/KeySetupPage.js').then((m) => ({ default: m.KeySetupPage })),
);
const RecoveryKeyPage = lazy(() =>
  import('../features/keys/RecoveryKeyPage.js').then((m) => ({ default: m.RecoveryKeyPage })),
);
const SafetyNumberPage = lazy(() =>
  import('../features/keys/SafetyNumberPage.js').then((m) => ({ default: m.SafetyNumberPage })),
);

/** SPEC §2 routes; every one passes the gate of SPEC §4. Unknown paths go to /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootShell />}>
        {/* Opened from a mailbox or before signing in: outside the gate, signed in or not. */}
        <Route path={ACCOUNT_PAGES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ACCOUNT_PAGES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={ACCOUNT_PAGES.emailChanged} element={<EmailChangedPage />} />
        <Route element={<RouteGate />}>
          <Route path="/auth/welcome" element={<WelcomePage />} />
          <Route path="/auth/onboarding" element={<OnboardingPage />} />
          <Route path="/auth/partner" element={<PartnerPage />} />
          <Route path="/auth" element={<Navigate to="/auth/welcome" replace />} />
          <Route path="/" element={<ProtectedLayout />}>
            <Route index element={<DesirePage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="wishes" element={<WishesPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="keys/setup" element={<KeySetupPage />} />
            <Route path="keys/recovery" element={<RecoveryKeyPage />} />
            <Route path="keys/safety" element={<SafetyNumberPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
