import { Bell, Heart, Settings, User, type LucideIcon } from 'lucide-react';
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

/** SPEC §2: tabs Desire, Inbox, Profile, Settings; sidebar Share Desire, Notifications, Profile, Settings. */
export const NAV_ITEMS: NavItem[] = [
  { to: ROUTES.home, tab: 'Desire', side: 'Share Desire', icon: Heart },
  { to: ROUTES.notifications, tab: 'Inbox', side: 'Notifications', icon: Bell, unread: true },
  { to: ROUTES.profile, tab: 'Profile', side: 'Profile', icon: User },
  { to: ROUTES.settings, tab: 'Settings', side: 'Settings', icon: Settings },
];
