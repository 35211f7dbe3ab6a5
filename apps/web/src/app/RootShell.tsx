import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { takeFlash } from '../features/auth/flash.js';
import { useSession } from '../lib/use-session.js';
import { useOutboxSender } from '../features/outbox/use-outbox.js';
import { useLiveSync } from './use-live-sync.js';

/** Inside the router: live events into the cache, and the toast carried over a full reload. */
export function RootShell() {
  const userId = useSession()?.user.id;
  useLiveSync(userId);
  useOutboxSender(userId);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast.success(flash);
  }, []);
  return <Outlet />;
}
