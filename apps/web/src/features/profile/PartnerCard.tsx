import { Clock, HeartHandshake, UserX } from 'lucide-react';
import type { Profile } from '@couple/protocol';
import { Card } from '../../components/Card.js';
import { isConnected } from '../pairing/queries.js';

/** SPEC §2 partner card: connected, pending, or none. */
export function PartnerCard({ profile }: { profile: Profile }) {
  const connected = isConnected(profile.partner_status) && profile.partner !== null;
  return (
    <Card aria-labelledby="partner-card-title">
      <h2
        id="partner-card-title"
        className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        Partner Connection
      </h2>
      {connected ? (
        <div className="flex items-center gap-3">
          <HeartHandshake className="size-8 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">@{profile.partner?.username}</p>
            <p className="text-sm font-medium text-emerald-700">Connected</p>
          </div>
        </div>
      ) : profile.partner_status === 'pending' ? (
        <div className="flex items-center gap-3">
          <Clock className="size-8 text-amber-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">Connection pending</p>
            <p className="text-sm text-slate-600">Waiting for partner to accept</p>
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <UserX className="size-8 text-slate-500" aria-hidden="true" />
          <div>
            <p className="font-semibold text-slate-900">No partner connected</p>
            <p className="text-sm text-slate-600">
              Connect with a partner to start sharing desires
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
