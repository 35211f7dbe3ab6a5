import { Heart, Inbox, Settings, User, type LucideIcon } from 'lucide-react';
import { APP_NAME, APP_TEXTS } from '@couple/protocol/browser';
import { ROUTES } from '../../features/auth/routing.js';

export interface NavItem {
  to: string;
  /** Bottom tab label (mobile). */
  tab: string;
  /** Sidebar label (desktop). */
  side: string;
  icon: LucideIcon;
  unread?: boolean;
}

/**
 * SPEC §2: tabs Desire, Inbox, Profile, Settings; sidebar Share Desire, Notifications, Profile,
 * Settings, except that /notifications is "Inbox" everywhere (docs/decisions.md).
 */
export const NAV_ITEMS: NavItem[] = [
  { to: ROUTES.home, tab: 'Desire', side: 'Share Desire', icon: Heart },
  {
    to: ROUTES.notifications,
    tab: APP_TEXTS.inboxTitle,
    side: APP_TEXTS.inboxTitle,
    icon: Inbox,
    unread: true,
  },
  { to: ROUTES.profile, tab: 'Profile', side: 'Profile', icon: User },
  { to: ROUTES.settings, tab: 'Settings', side: 'Settings', icon: Settings },
];

/** The document title of a signed-in screen: its name, as on the tab, then the app's. */
export function documentTitle(pathname: string): string {
  const item = NAV_ITEMS.find(({ to }) => to === pathname);
  return item ? `${item.tab} · ${APP_NAME}` : APP_NAME;
}
