import { BadgeCheck, KeyRound, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { ApproveLink } from './ApproveLink.js';
import { CreateNewKey } from './CreateNewKey.js';
import { useKeys } from './use-keys.js';
import { KeysUnavailable } from './KeysUnavailable.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';

const LINK_CLASS =
  'inline-flex min-h-12 items-center gap-2 rounded-xl px-4 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50';

/** Settings: what is end-to-end, this device's key, the recovery key, safety number, linking. */
export function EncryptionSection() {
  const i18n = useI18n();
  const { userId, state, unavailable } = useKeys();
  return (
    <div className="flex flex-col gap-3">
      <p className="flex gap-3 text-sm text-slate-700">
        <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._(KEY_TEXTS.serverSees)}
      </p>
      {unavailable && <KeysUnavailable className="text-sm text-slate-700" />}
      {state?.status === 'link' && (
        <Link to={ROUTES.keySetup} className={LINK_CLASS}>
          <KeyRound className="size-5" aria-hidden="true" />
          {i18n._(KEY_TEXTS.setupAction)}
        </Link>
      )}
      {state?.status === 'ready' && (
        <>
          <p className="text-sm font-medium text-emerald-800">
            {i18n._(KEY_TEXTS.encryptionReady)}
          </p>
          <Link to={ROUTES.recoveryKey} className={LINK_CLASS}>
            <KeyRound className="size-5" aria-hidden="true" />
            {i18n._(KEY_TEXTS.recoveryAction)}
          </Link>
          {state.partner && (
            <Link to={ROUTES.safetyNumber} className={LINK_CLASS}>
              <BadgeCheck className="size-5" aria-hidden="true" />
              {i18n._(KEY_TEXTS.safetyAction)}
              {state.verified && (
                <span className="text-sm font-normal text-emerald-800">
                  ({i18n._(KEY_TEXTS.safetyVerified)})
                </span>
              )}
            </Link>
          )}
          <h3 className="mt-2 text-sm font-semibold text-slate-900">
            {i18n._(KEY_TEXTS.approveTitle)}
          </h3>
          <ApproveLink state={state} />
          {userId && <CreateNewKey userId={userId} rotating />}
        </>
      )}
    </div>
  );
}
