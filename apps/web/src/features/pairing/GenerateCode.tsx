import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { Copy, ShieldAlert } from 'lucide-react';
import { PARTNER_CONNECTED_REDIRECT_MS, SERVER_EVENTS, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { call } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { onLive } from '../../lib/live.js';
import { ROUTES } from '../../lib/routes.js';
import { profileKeys } from '../profile/queries.js';
import { BackToOptions } from './BackToOptions.js';
import { formatCountdown } from './countdown.js';
import { isConnected, setPartnerStatus } from './queries.js';
import { holdRedirects } from './redirect-hold.js';
import { ShareCode } from './ShareCode.js';
import { useCountdown } from './use-countdown.js';

interface PairingCode {
  code: string;
  expiresAt: string;
}

export function GenerateCode({ onBack }: { onBack: () => void }) {
  const i18n = useI18n();
  const [pairing, setPairing] = useState<PairingCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);
  const requested = useRef(false);
  const seconds = useCountdown(pairing?.expiresAt ?? null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const generate = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await call('generatePairingCode');
      if (!result.success || !result.code || !result.expires_at) {
        setError(i18n._(result.error ?? TEXTS.generateCodeFailed));
        return;
      }
      setPairing({ code: result.code, expiresAt: result.expires_at });
      toast.success(i18n._(TEXTS.codeGenerated));
    } catch (caught) {
      logClientError('generate_code', caught);
      setError(failureText(caught, TEXTS.generateCodeFailed));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [i18n]);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void generate();
  }, [generate]);

  const expired = seconds === 0;
  const shown = expired ? null : pairing;

  useEffect(() => {
    if (!shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLive(SERVER_EVENTS.partnerStatusUpdate, ({ status, partner }) => {
      if (!isConnected(status) || !partner || timer) return;
      holdRedirects(true);
      setPartnerStatus(queryClient, status, partner);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(i18n._(TEXTS.partnerConnected));
      timer = setTimeout(() => {
        holdRedirects(false);
        void navigate(ROUTES.home);
      }, PARTNER_CONNECTED_REDIRECT_MS);
    });
    return () => {
      stop();
      if (timer) {
        clearTimeout(timer);
        holdRedirects(false);
      }
    };
  }, [shown, queryClient, navigate, i18n]);

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(i18n._(TEXTS.codeCopied));
    } catch (caught) {
      logClientError('copy_code', caught);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {shown ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-brand-100">
          <p className="text-sm font-medium text-slate-600">{i18n._('Your pairing code')}</p>
          <p
            className="font-mono text-4xl font-bold tracking-widest text-brand-800 sm:text-5xl"
            data-testid="pairing-code"
            dir="ltr"
            aria-label={i18n._('Pairing code {code}', { code: shown.code })}
          >
            {shown.code}
          </p>
          <p className="text-sm text-slate-600" aria-live="off">
            {i18n._('Expires in {time}', { time: formatCountdown(seconds ?? 0) })}
          </p>
          <ShareCode code={shown.code}>
            <Button variant="secondary" onClick={() => void copy(shown.code)}>
              <Copy className="size-5" aria-hidden="true" />
              {i18n._('Copy Code')}
            </Button>
          </ShareCode>
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-start text-sm text-amber-900">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {i18n._(
              'Share this code privately with your partner only. Anyone with this code can connect to you.',
            )}
          </p>
          <p className="flex items-center gap-2 text-sm font-medium text-slate-700" role="status">
            <span className="size-2 animate-pulse rounded-full bg-brand-600" aria-hidden="true" />
            {i18n._('Waiting for partner to connect...')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-center">
          {busy && <p role="status">{i18n._('Generating code...')}</p>}
          {expired && !busy && <p className="text-slate-700">{i18n._('This code has expired.')}</p>}
          {!busy && (expired || error) && (
            <Button onClick={() => void generate()}>{i18n._('Generate New Code')}</Button>
          )}
        </div>
      )}
      <FormError message={error} />
      <BackToOptions onBack={onBack} />
    </div>
  );
}
