import { Card } from '../../components/Card.js';
import { useI18n } from '../../lib/i18n.js';
import { longDate } from '../../lib/relative-time.js';
import { PartnerCard } from './PartnerCard.js';
import { useProfile, useProfileStats } from './queries.js';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="flex flex-col items-center gap-1 text-center">
      <span className="text-3xl font-bold text-brand-700 tabular-nums">{value ?? '–'}</span>
      <span className="text-sm font-medium text-slate-600">{label}</span>
    </Card>
  );
}

export function ProfilePage() {
  const i18n = useI18n();
  const profile = useProfile().data;
  const stats = useProfileStats().data;
  if (!profile) return <p role="status">{i18n._('Loading profile...')}</p>;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="sr-only">{i18n._('Profile')}</h1>
      <Card className="flex items-center gap-4">
        <span
          className="grid size-16 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-fuchsia-700 text-2xl font-bold text-white uppercase"
          aria-hidden="true"
        >
          {profile.username.charAt(0)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-xl font-bold text-slate-900">
            <bdi>@{profile.username}</bdi>
          </p>
          <p className="text-sm text-slate-600">
            {i18n._('Joined {date}', { date: longDate(profile.created_at) })}
          </p>
        </div>
      </Card>
      <PartnerCard profile={profile} />
      <div className="grid grid-cols-2 gap-3">
        <Stat label={i18n._('Desires Sent')} value={stats?.sent} />
        <Stat label={i18n._('Desires Received')} value={stats?.received} />
      </div>
    </div>
  );
}
