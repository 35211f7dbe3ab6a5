import { NavLink } from 'react-router';
import { BADGE_CAP_MOBILE } from '@couple/protocol/browser';
import { NAV_ITEMS } from './nav-items.js';
import { UnreadBadge } from './UnreadBadge.js';
import { useI18n } from '../../lib/i18n.js';

export function BottomTabs({ unread }: { unread: number }) {
  const i18n = useI18n();
  return (
    <nav
      aria-label={i18n._('Main')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-brand-100 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {/*
       * Five tabs share a 360 px phone: a tab whose longest word is wider than a fifth
       * ("Configurações", "Einstellungen") takes that width, the others split the rest.
       */}
      <ul
        className="mx-auto grid max-w-md"
        style={{ gridTemplateColumns: `repeat(${NAV_ITEMS.length}, minmax(min-content, 1fr))` }}
      >
        {NAV_ITEMS.map(({ to, tab, icon: Icon, unread: showsUnread }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `relative flex min-h-16 flex-col items-center justify-start gap-1 px-1 pt-2.5 pb-1.5 text-xs font-medium ${
                  isActive ? 'text-brand-700' : 'text-slate-600'
                }`
              }
            >
              <Icon className="size-6 shrink-0" aria-hidden="true" />
              {/* Icons stay in one row when a language's label takes two lines. */}
              <span className="text-center leading-tight">{i18n._(tab)}</span>
              {showsUnread && (
                <UnreadBadge
                  count={unread}
                  cap={BADGE_CAP_MOBILE}
                  className="absolute top-1.5 start-1/2 ms-2"
                />
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
