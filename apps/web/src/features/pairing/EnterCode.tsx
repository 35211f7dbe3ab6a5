import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import type { PartnerStatusResponse } from '@couple/protocol';
import { PAIRING_CODE_LENGTH, TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { call } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';
import { profileKeys } from '../profile/queries.js';
import { BackToOptions } from './BackToOptions.js';
import { cleanCodeInput } from './countdown.js';
import { forgetPairingCode } from './pairing-link.js';
import { partnerKeys } from './queries.js';

/** XXXX-XXXX: the code and its dash. */
const CODE_INPUT_MAX = PAIRING_CODE_LENGTH + 1;

/** The code as the partner shows it, uppercase with its dash, and how long it is. */
function CodeField({ code, onCode }: { code: string; onCode: (code: string) => void }) {
  const i18n = useI18n();
  return (
    <>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
        {i18n._("Partner's code")}
        <input
          className="min-h-14 w-full rounded-xl border border-slate-300 bg-white px-4 text-center font-mono text-2xl font-bold uppercase tracking-widest text-slate-900 placeholder:text-slate-400 focus:border-brand-700"
          name="code"
          // The code reads left to right in every language, its dash included.
          dir="ltr"
          placeholder="XXXX-XXXX"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CODE_INPUT_MAX}
          value={code}
          onChange={(event) => onCode(cleanCodeInput(event.target.value, CODE_INPUT_MAX))}
          aria-describedby="code-hint"
        />
      </label>
      <p id="code-hint" className="-mt-2 text-center text-sm text-slate-600">
        {i18n._('Enter the {length}-character code from your partner', {
          length: PAIRING_CODE_LENGTH,
        })}
      </p>
    </>
  );
}

/** Connected: the partner is known at once, and the code that led here is spent. */
function rememberPartner(queryClient: QueryClient, partner: PartnerStatusResponse['partner']) {
  const status: PartnerStatusResponse = { status: 'accepted', has_partner: true, partner };
  queryClient.setQueryData(partnerKeys.status(), status);
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  forgetPairingCode();
}

export function EnterCode({ onBack, initialCode }: { onBack: () => void; initialCode: string }) {
  const i18n = useI18n();
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const complete = code.replace('-', '').length >= PAIRING_CODE_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !complete) return;
    setBusy(true);
    setError(null);
    try {
      const result = await call('connectWithPairingCode', { body: { code } });
      if (!result.success) {
        setError(i18n._(result.error ?? TEXTS.connectFailed));
        return;
      }
      rememberPartner(queryClient, result.partner ?? null);
      toast.success(i18n._(TEXTS.connected));
      void navigate(ROUTES.home);
    } catch (caught) {
      logClientError('connect_code', caught);
      setError(failureText(caught, TEXTS.connectFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <CodeField code={code} onCode={setCode} />
      <FormError message={error} />
      <Button type="submit" disabled={busy || !complete}>
        {busy ? i18n._('Connecting...') : i18n._('Connect')}
      </Button>
      <BackToOptions onBack={onBack} disabled={busy} />
    </form>
  );
}
