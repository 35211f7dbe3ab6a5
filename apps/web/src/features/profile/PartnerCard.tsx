import { Clock, HeartHandshake, UserX } from 'lucide-react';
import type { Profile } from '@couple/protocol';
import { Card } from '../../components/Card.js';
import { useI18n } from '../../lib/i18n.js';
import { isConnected } from '../pairing/queries.js';

/** SPEC §2 partner card: connected, pending, or none. */
export function PartnerCard({ profile }: { profile: Profile }) {
  const i18n = useI18n();
  const connected = isConnected(profile.partner_status) && profile.partner !== null;
  return (
    <Card aria-labelledby="partner-card-title">
      <h2
        id="partner-card-title"
        className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {i18n._('Partner Connection')}
      </h2>
      {connected ? (
        <div className="flex items-center gap-3">
          <HeartHandshake className="size-8 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">
              {/* Isolated, or an Arabic line would write the handle 'alice@'. */}
              <bdi>@{profile.partner?.username}</bdi>
            </p>
            <p className="text-sm font-medium text-emerald-700">{i18n._('Connected')}</p>
          </div>
        </div>
      ) : profile.partner_status === 'pending' ? (
        <div className="flex items-center gap-3">
          <Clock className="size-8 text-amber-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">{i18n._('Connection pending')}</p>
            <p className="text-sm text-slate-600">{i18n._('Waiting for partner to accept')}</p>
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <UserX className="size-8 text-slate-500" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">{i18n._('No partner connected')}</p>
            <p className="text-sm text-slate-600">
              {i18n._('Connect with a partner to start sharing desires')}
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
