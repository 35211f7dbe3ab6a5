import { KeyRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import type { KeysView } from './use-keys.js';
import { ROUTES } from '../../lib/routes.js';
import { KeysUnavailable } from './KeysUnavailable.js';
import { KeyRotatedNotice } from './KeyRotatedNotice.js';
import { useI18n } from '../../lib/i18n.js';

const BANNER_CLASS =
  'mb-6 flex flex-col gap-2 rounded-2xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-200 sm:flex-row sm:items-center';

/** What the device still needs for end-to-end notes, above every signed-in screen. */
export function KeysBanner({ keys }: { keys: KeysView }) {
  const i18n = useI18n();
  const { pathname } = useLocation();
  if (pathname.startsWith('/keys/')) return null;
  if (keys.unavailable) {
    return (
      <div role="status" data-testid="keys-banner" className={BANNER_CLASS}>
        <KeyRound className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <KeysUnavailable className="flex-1" />
      </div>
    );
  }
  if (keys.userId && keys.state?.partnerKeyRotated) {
    return <KeyRotatedNotice userId={keys.userId} state={keys.state} />;
  }
  const banner =
    keys.state?.status === 'link'
      ? {
          text: KEY_TEXTS.setupBanner,
          action: { to: ROUTES.keySetup, label: KEY_TEXTS.setupAction },
        }
      : keys.state?.phraseUnsaved
        ? {
            text: KEY_TEXTS.phraseBanner,
            action: { to: ROUTES.recoveryKey, label: KEY_TEXTS.phraseAction },
          }
        : null;
  if (!banner) return null;
  return (
    <div role="status" data-testid="keys-banner" className={BANNER_CLASS}>
      <p className="flex flex-1 gap-2">
        <KeyRound className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._(banner.text)}
      </p>
      {banner.action && (
        <Link
          to={banner.action.to}
          className="inline-flex min-h-10 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {i18n._(banner.action.label)}
        </Link>
      )}
    </div>
  );
}
