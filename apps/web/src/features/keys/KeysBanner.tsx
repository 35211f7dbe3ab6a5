import { KeyRound } from 'lucide-react';
import { useLocation } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import type { KeysView } from './use-keys.js';
import { ROUTES } from '../../lib/routes.js';
import { Notice, NoticeLink } from '../../components/Notice.js';
import { KeysUnavailable } from './KeysUnavailable.js';
import { KeyRotatedNotice } from './KeyRotatedNotice.js';
import { useI18n } from '../../lib/i18n.js';

/** What the device still needs for end-to-end notes, above every signed-in screen. */
export function KeysBanner({ keys }: { keys: KeysView }) {
  const i18n = useI18n();
  const { pathname } = useLocation();
  if (pathname.startsWith('/keys/')) return null;
  if (keys.unavailable) {
    return (
      <Notice tone="info" icon={KeyRound} testId="keys-banner" className="mb-6">
        <KeysUnavailable />
      </Notice>
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
    <Notice
      tone="info"
      icon={KeyRound}
      testId="keys-banner"
      className="mb-6"
      action={<NoticeLink to={banner.action.to}>{i18n._(banner.action.label)}</NoticeLink>}
    >
      {i18n._(banner.text)}
    </Notice>
  );
}
