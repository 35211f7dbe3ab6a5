import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { KEY_TEXTS, safetyNumber } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { QrCode } from '../../components/QrCode.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { pairOf } from './key-state.js';
import { updateDeviceState } from './keyring.js';
import { keysKeys } from './queries.js';
import { acceptPartnerKey, useKeys } from './use-keys.js';
import { useI18n } from '../../lib/i18n.js';

interface NumberProps {
  digits: string;
  qrPayload: string;
  partnerName: string;
  verified: boolean;
  onVerified: (verified: boolean) => void;
}

/** The 60 digits and their QR code, and whether the user compared them. */
function SafetyNumber({ digits, qrPayload, partnerName, verified, onVerified }: NumberProps) {
  const i18n = useI18n();
  return (
    <>
      <p className="self-start text-slate-700">
        {i18n._(KEY_TEXTS.safetyIntro, { name: partnerName })}
      </p>
      <p
        data-testid="safety-number"
        // The same order of groups on both phones, whatever their languages.
        dir="ltr"
        className="grid grid-cols-4 gap-x-4 gap-y-2 font-mono text-lg text-slate-900"
      >
        {digits.split(' ').map((group, index) => (
          <span key={index}>{group}</span>
        ))}
      </p>
      <QrCode value={qrPayload} label={i18n._(KEY_TEXTS.safetyTitle)} />
      {verified ? (
        <>
          <p
            data-testid="safety-verified"
            className="flex items-center gap-2 font-semibold text-emerald-800"
          >
            <BadgeCheck className="size-5" aria-hidden="true" />
            {i18n._(KEY_TEXTS.safetyVerified)}
          </p>
          <Button variant="ghost" onClick={() => onVerified(false)}>
            {i18n._(KEY_TEXTS.safetyUnverify)}
          </Button>
        </>
      ) : (
        <Button onClick={() => onVerified(true)}>{i18n._(KEY_TEXTS.safetyVerify)}</Button>
      )}
    </>
  );
}

/** Both partners see the same 60 digits for their two current keys, and compare them. */
export function SafetyNumberPage() {
  const i18n = useI18n();
  const { userId, state } = useKeys();
  const queryClient = useQueryClient();
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('your partner');
  const own = state?.own;
  const partner = state?.partner;
  const number = useQuery({
    queryKey: [...keysKeys.all, 'safety', own?.public_key, partner?.public_key],
    queryFn: () => safetyNumber(own!.public_key, partner!.public_key),
    enabled: Boolean(own && partner),
    staleTime: Infinity,
  });

  async function setVerified(verified: boolean) {
    if (!userId || !state || !own || !partner) return;
    await updateDeviceState(userId, { verifiedPair: verified ? pairOf(own, partner) : null });
    // Comparing the new key's number is how the user accepts a key change.
    if (verified) await acceptPartnerKey(queryClient, userId, state, 'verified');
    await queryClient.invalidateQueries({ queryKey: keysKeys.device(userId) });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {i18n._(KEY_TEXTS.safetyTitle)}
      </h1>
      <Card className="flex flex-col items-center gap-4">
        {!state && <p className="text-slate-600">{i18n._('Loading…')}</p>}
        {state && !partner && (
          <p className="text-slate-700">
            {i18n._(KEY_TEXTS.safetyNoPartnerKey, { name: partnerName })}
          </p>
        )}
        {state && partner && !own && (
          <p className="text-slate-700">{i18n._(KEY_TEXTS.setupBanner)}</p>
        )}
        {number.data && (
          <SafetyNumber
            digits={number.data.digits}
            qrPayload={number.data.qrPayload}
            partnerName={partnerName}
            verified={state?.verified ?? false}
            onVerified={(verified) => void setVerified(verified)}
          />
        )}
      </Card>
    </div>
  );
}
