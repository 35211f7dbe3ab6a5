import { Heart, Inbox, Settings, Sparkles, User, type LucideIcon } from 'lucide-react';
import { APP_NAME, SHELL_TEXTS } from '@couple/protocol/browser';
import { ROUTES } from '../../lib/routes.js';
import { i18n } from '../../lib/i18n.js';

export interface NavItem {
  to: string;
  /** Bottom tab label (mobile), a text's id: shown as `i18n._(tab)`. */
  tab: string;
  /** Sidebar label (desktop), a text's id. */
  side: string;
  icon: LucideIcon;
  unread?: boolean;
}

/**
 * SPEC §2: tabs Desire, Inbox, Profile, Settings; sidebar Share Desire, Notifications, Profile,
 * Settings, except that /notifications is "Inbox" everywhere, and issue 29 adds Wishes
 * (docs/decisions.md).
 */
export const NAV_ITEMS: NavItem[] = [
  { to: ROUTES.home, tab: /*i18n*/ 'Desire', side: /*i18n*/ 'Share Desire', icon: Heart },
  {
    to: ROUTES.notifications,
    tab: SHELL_TEXTS.inboxTitle,
    side: SHELL_TEXTS.inboxTitle,
    icon: Inbox,
    unread: true,
  },
  { to: ROUTES.wishes, tab: /*i18n*/ 'Wishes', side: /*i18n*/ 'Wishes', icon: Sparkles },
  { to: ROUTES.profile, tab: /*i18n*/ 'Profile', side: /*i18n*/ 'Profile', icon: User },
  { to: ROUTES.settings, tab: /*i18n*/ 'Settings', side: /*i18n*/ 'Settings', icon: Settings },
];

/** The document title of a signed-in screen: its name, as on the tab, then the app's. */
export function documentTitle(pathname: string): string {
  const item = NAV_ITEMS.find(({ to }) => to === pathname);
  return item ? `${i18n._(item.tab)} · ${APP_NAME}` : APP_NAME;
}
