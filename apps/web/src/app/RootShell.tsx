import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { takeFlash } from '../features/auth/flash.js';
import { useSession } from '../lib/use-session.js';
import { useLiveSync } from './use-live-sync.js';

/** Inside the router: live events into the cache, and the toast carried over a full reload. */
export function RootShell() {
  useLiveSync(useSession()?.user.id);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast.success(flash);
  }, []);
  return <Outlet />;
}
