import { toast } from '../../lib/toast.js';
import { Copy, ShieldAlert } from 'lucide-react';
import { TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { BackToOptions } from './BackToOptions.js';
import { formatCountdown } from './countdown.js';
import { ShareCode } from './ShareCode.js';
import { useCountdown } from './use-countdown.js';
import { useHomeWhenPartnerConnects, usePairingCode } from './use-pairing-code.js';

/** The code to give the partner, its time left, ways to share it, and the wait for them. */
function ShownCode({ code, seconds }: { code: string; seconds: number | null }) {
  const i18n = useI18n();

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(i18n._(TEXTS.codeCopied));
    } catch (caught) {
      logClientError('copy_code', caught);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-brand-100">
      <p className="text-sm font-medium text-slate-600">{i18n._('Your pairing code')}</p>
      <p
        className="font-mono text-4xl font-bold tracking-widest text-brand-800 sm:text-5xl"
        data-testid="pairing-code"
        dir="ltr"
        aria-label={i18n._('Pairing code {code}', { code })}
      >
        {code}
      </p>
      <p className="text-sm text-slate-600" aria-live="off">
        {i18n._('Expires in {time}', { time: formatCountdown(seconds ?? 0) })}
      </p>
      <ShareCode code={code}>
        <Button variant="secondary" onClick={() => void copy()}>
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
  );
}

interface NoCodeProps {
  busy: boolean;
  expired: boolean;
  failed: boolean;
  onGenerate: () => void;
}

/** No code to show: one on its way, or an expired or failed one to replace. */
function NoCode({ busy, expired, failed, onGenerate }: NoCodeProps) {
  const i18n = useI18n();
  return (
    <div className="flex flex-col gap-3 text-center">
      {busy && <p role="status">{i18n._('Generating code...')}</p>}
      {expired && !busy && <p className="text-slate-700">{i18n._('This code has expired.')}</p>}
      {!busy && (expired || failed) && (
        <Button onClick={onGenerate}>{i18n._('Generate New Code')}</Button>
      )}
    </div>
  );
}

export function GenerateCode({ onBack }: { onBack: () => void }) {
  const { pairing, busy, error, generate } = usePairingCode();
  const seconds = useCountdown(pairing?.expiresAt ?? null);
  const expired = seconds === 0;
  const shown = expired ? null : pairing;
  useHomeWhenPartnerConnects(shown);

  return (
    <div className="flex flex-col gap-4">
      {shown ? (
        <ShownCode code={shown.code} seconds={seconds} />
      ) : (
        <NoCode
          busy={busy}
          expired={expired}
          failed={Boolean(error)}
          onGenerate={() => void generate()}
        />
      )}
      <FormError message={error} />
      <BackToOptions onBack={onBack} />
    </div>
  );
}
