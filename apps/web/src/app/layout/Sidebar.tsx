import { NavLink } from 'react-router';
import { BADGE_CAP_DESKTOP } from '@couple/protocol/browser';
import { Logo } from '../../components/Logo.js';
import { NAV_ITEMS } from './nav-items.js';
import { UnreadBadge } from './UnreadBadge.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * The white panel is the whole column, as tall as the page however long it is; only its
 * contents are sticky, one window high, so they stay in place while the page scrolls.
 */
export function Sidebar({ unread }: { unread: number }) {
  const i18n = useI18n();
  return (
    <aside className="hidden w-64 shrink-0 border-e border-brand-100 bg-white md:block">
      <div className="sticky top-0 flex h-dvh flex-col gap-8 px-4 py-6">
        <div className="flex items-center gap-3 px-2">
          <Logo />
          <span className="text-lg font-bold text-slate-900">Couple Desires</span>
        </div>
        <nav aria-label={i18n._('Main')}>
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map(({ to, side, icon: Icon, unread: showsUnread }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    `flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium ${
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50'
                    }`
                  }
                >
                  <Icon className="size-5" aria-hidden="true" />
                  <span className="flex-1">{i18n._(side)}</span>
                  {showsUnread && <UnreadBadge count={unread} cap={BADGE_CAP_DESKTOP} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}
