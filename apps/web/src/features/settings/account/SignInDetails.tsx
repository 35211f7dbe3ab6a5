import { useQuery } from '@tanstack/react-query';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { call } from '../../../lib/api.js';
import { useProfile } from '../../profile/queries.js';
import { AccountRow } from './AccountRow.js';
import { ChangeEmail } from './ChangeEmail.js';
import { ChangePassword } from './ChangePassword.js';
import { ChangeUsername } from './ChangeUsername.js';
import { useI18n } from '../../../lib/i18n.js';

/**
 * Username, email and password, each changed in place. A Farcaster account has no email or
 * password of its own (docs/decisions.md): only its username is shown, with why.
 */
export function SignInDetails() {
  const i18n = useI18n();
  const profile = useProfile().data;
  const me = useQuery({ queryKey: ['account', 'me'], queryFn: () => call('getCurrentUser') });
  if (!profile) return <p role="status">{i18n._('Loading...')}</p>;
  const farcaster = profile.auth_method === 'farcaster';

  return (
    <div className="flex flex-col gap-3">
      <AccountRow label={i18n._('Username')} value={`@${profile.username}`}>
        {(close) => <ChangeUsername current={profile.username} onDone={close} />}
      </AccountRow>
      {farcaster ? (
        <p className="text-sm text-slate-700">{i18n._(CREDENTIAL_TEXTS.farcasterAccount)}</p>
      ) : (
        <>
          <AccountRow label={i18n._('Email')} value={me.data?.user.email ?? '...'}>
            {(close) => <ChangeEmail onDone={close} />}
          </AccountRow>
          <AccountRow label={i18n._('Password')} value="••••••••">
            {(close) => <ChangePassword onDone={close} />}
          </AccountRow>
        </>
      )}
    </div>
  );
}
