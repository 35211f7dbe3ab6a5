import { Key, ShieldX, TriangleAlert, UserPlus } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Notice, NoticeLink } from '../../components/Notice.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';
import { useKeys } from '../keys/use-keys.js';
import { usePartnerStatus } from '../pairing/queries.js';
import type { WishesStatus } from './use-wishes.js';

interface StatusNotice {
  icon: LucideIcon;
  text: string;
  link?: { to: string; label: string };
}

type NoticeKind = WishesStatus | 'partner-needs-keys' | 'partner-key-is-own';

const NOTICES: Partial<Record<NoticeKind, StatusNotice>> = {
  'no-partner': {
    icon: UserPlus,
    text: /*i18n*/ 'Wishes are for the two of you: connect with your partner first.',
    link: { to: ROUTES.partner, label: /*i18n*/ 'Connect with your partner' },
  },
  'needs-keys': {
    icon: Key,
    text: /*i18n*/ 'Wishes are matched with this device’s encryption keys, and it has none yet.',
    link: { to: ROUTES.keySetup, label: /*i18n*/ 'Set up this device' },
  },
  // Not a status of its own: needs-keys while this device is ready but the partner has no key.
  'partner-needs-keys': {
    icon: Key,
    text: /*i18n*/ 'Your partner’s device has no encryption key yet. Matching starts once they open the app.',
  },
  'partner-key-unconfirmed': {
    icon: ShieldX,
    text: /*i18n*/ 'Your partner’s key changed. Matching waits until you have compared your safety number.',
    link: { to: ROUTES.safetyNumber, label: /*i18n*/ 'Compare the safety number' },
  },
  // Not a status of its own: partner-key-unconfirmed while the server names one's own key.
  'partner-key-is-own': { icon: ShieldX, text: KEY_TEXTS.partnerKeyIsOwn },
  error: {
    icon: TriangleAlert,
    text: /*i18n*/ 'Your wishes could not be loaded. Check your connection and try again.',
  },
};

/** Why the wishes cannot be answered on this device right now, and where to fix it. */
export function WishStatusNotice({ status }: { status: WishesStatus }) {
  const i18n = useI18n();
  const keys = useKeys();
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('Your partner');
  if (status === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        {i18n._('Loading your wishes…')}
      </p>
    );
  }
  const partnerMissing =
    status === 'needs-keys' &&
    keys.state?.status === 'ready' &&
    keys.state.current !== null &&
    !keys.state.partner;
  const ownKey = status === 'partner-key-unconfirmed' && keys.state?.partnerKeyIsOwn === true;
  const notice =
    NOTICES[partnerMissing ? 'partner-needs-keys' : ownKey ? 'partner-key-is-own' : status];
  if (!notice) return null;
  return (
    <Notice
      tone="warning"
      icon={notice.icon}
      testId="wishes-notice"
      action={
        notice.link && <NoticeLink to={notice.link.to}>{i18n._(notice.link.label)}</NoticeLink>
      }
    >
      {i18n._(notice.text, { name: partnerName })}
    </Notice>
  );
}
