import { Suspense, lazy, useEffect } from 'react';
import { Outlet } from 'react-router';
import { toast } from '../lib/toast.js';
import { Splash } from '../components/Splash.js';
import { takeFlash } from '../features/auth/flash.js';
import { BusyNotice } from '../features/offline/BusyNotice.js';
import { i18n } from '../lib/i18n.js';
import { useSession } from '../lib/use-session.js';

const SignedInSync = lazy(() => import('./SignedInSync.js'));

/** Inside the router: live events into the cache, and the toast carried over a full reload. */
export function RootShell() {
  const userId = useSession()?.user.id;
  useEffect(() => {
    const flash = takeFlash();
    // The flash is a text's id, kept across the reload: shown in the language of this load.
    if (flash) toast.success(i18n._(flash));
  }, []);
  return (
    <>
      {userId && (
        <Suspense fallback={null}>
          <SignedInSync key={userId} userId={userId} />
        </Suspense>
      )}
      <BusyNotice />
      {/* A screen's chunk is loading: the first time only (later navigations keep the old one). */}
      <Suspense fallback={<Splash />}>
        <Outlet />
      </Suspense>
    </>
  );
}
