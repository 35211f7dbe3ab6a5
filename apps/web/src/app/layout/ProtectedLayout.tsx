import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { APP_NAME } from '@couple/protocol/browser';
import { useUnreadCount } from '../../features/inbox/queries.js';
import { unreadThoughts, useThoughts } from '../../features/thoughts/queries.js';
import { useSession } from '../../lib/use-session.js';
import { KeysBanner } from '../../features/keys/KeysBanner.js';
import { useKeys } from '../../features/keys/use-keys.js';
import { InstallPrompt } from '../../features/install/InstallPrompt.js';
import { OfflineBanner } from '../../features/offline/OfflineBanner.js';
import { Logo } from '../../components/Logo.js';
import { useI18n } from '../../lib/i18n.js';
import { BottomTabs } from './BottomTabs.js';
import { documentTitle } from './nav-items.js';
import { Sidebar } from './Sidebar.js';

/** The signed-in shell: bottom tabs on mobile, a sidebar at the start side from md up. */
export function ProtectedLayout() {
  // Unread desires and thoughts together, as the app icon's badge and the pushes count them.
  const userId = useSession()?.user.id;
  const unread = (useUnreadCount().data ?? 0) + unreadThoughts(useThoughts().data, userId);
  const keys = useKeys();
  const { pathname } = useLocation();
  // The title follows the screen and the language.
  const { locale } = useI18n();
  useEffect(() => {
    document.title = documentTitle(pathname);
    return () => {
      document.title = APP_NAME;
    };
  }, [pathname, locale]);
  return (
    <div className="flex min-h-dvh">
      <Sidebar unread={unread} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-brand-100 bg-white/95 px-4 py-3 backdrop-blur md:hidden">
          <Logo />
          <span className="font-bold text-slate-900">Couple Desires</span>
        </header>
        <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-28 md:px-8 md:pb-10">
          <OfflineBanner />
          <KeysBanner keys={keys} />
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <BottomTabs unread={unread} />
      <InstallPrompt />
    </div>
  );
}
