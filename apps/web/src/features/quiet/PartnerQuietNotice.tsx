import { Moon } from 'lucide-react';
import { QUIET_TEXTS } from '@couple/protocol/browser';
import { useQuietHours } from './queries.js';
import { useI18n } from '../../lib/i18n.js';
import { timeOfDay } from '../../lib/relative-time.js';

/** On the desire form: the partner's quiet hours are on, so the desire arrives silently. */
export function PartnerQuietNotice({ partnerName }: { partnerName: string }) {
  const i18n = useI18n();
  const partner = useQuietHours().data?.partner;
  if (!partner?.active || !partner.until) return null;
  const until = timeOfDay(partner.until);
  return (
    <p
      role="status"
      data-testid="partner-quiet"
      className="flex items-center gap-2 rounded-2xl bg-indigo-50 p-3 text-sm text-indigo-950 ring-1 ring-indigo-200"
    >
      <Moon className="size-5 shrink-0" aria-hidden="true" />
      {i18n._(QUIET_TEXTS.partnerQuiet, { name: partnerName, until })}
    </p>
  );
}
