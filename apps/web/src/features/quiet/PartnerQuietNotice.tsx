import { Moon } from 'lucide-react';
import { QUIET_TEXTS } from '@couple/protocol/browser';
import { useQuietHours } from './queries.js';
import { Notice } from '../../components/Notice.js';
import { useI18n } from '../../lib/i18n.js';
import { timeOfDay } from '../../lib/relative-time.js';

/** On the desire form: the partner's quiet hours are on, so the desire arrives silently. */
export function PartnerQuietNotice({ partnerName }: { partnerName: string }) {
  const i18n = useI18n();
  const partner = useQuietHours().data?.partner;
  if (!partner?.active || !partner.until) return null;
  const until = timeOfDay(partner.until);
  return (
    <Notice tone="info" icon={Moon} testId="partner-quiet">
      {i18n._(QUIET_TEXTS.partnerQuiet, { name: partnerName, until })}
    </Notice>
  );
}
