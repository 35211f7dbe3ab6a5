import { useState } from 'react';
import { KEY_TEXTS, sealLinkPayload, type Identity } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { spacedCode } from './LinkThisDevice.js';
import { useApproverLink, type ApproverStep } from './use-approve-link.js';
import { useLinkCarried, type LinkCarried } from './link-carried.js';
import type { KeyState } from './key-state.js';
import { useI18n } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';

type Comparing = Extract<ApproverStep, { step: 'comparing' }>;

/** Seals the account's seeds and what this device trusts to the new device, and sends them. */
async function sealAndApprove(
  link: Comparing,
  userId: string,
  current: Identity,
  carried: LinkCarried,
): Promise<void> {
  // Loaded on approval only: its schema brings zod, which no other screen needs.
  const { linkPayloadContents } = await import('./link-record.js');
  const sealed = await sealLinkPayload(
    await linkPayloadContents(userId, current, carried),
    link.transcript,
    link.own.keyPair,
  );
  await call('approveLinkRequest', {
    params: { id: link.id },
    body: { sealed_payload: sealed },
  });
}

interface CompareProps {
  code: string;
  failure: string | null;
  canApprove: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/** The code both screens should show, and the person's answer: the same, or not. */
function CompareCodes({ code, failure, canApprove, onApprove, onReject }: CompareProps) {
  const i18n = useI18n();
  return (
    <div className="flex flex-col gap-3" data-testid="approve-link">
      <p className="text-sm text-slate-700">{i18n._(KEY_TEXTS.approveCompare)}</p>
      <p
        data-testid="approve-code"
        className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900"
      >
        {spacedCode(code)}
      </p>
      <FormError message={failure} />
      <Button disabled={!canApprove} onClick={onApprove}>
        {i18n._(KEY_TEXTS.approveAction)}
      </Button>
      <Button variant="ghost" onClick={onReject}>
        {i18n._(KEY_TEXTS.approveReject)}
      </Button>
    </div>
  );
}

/**
 * The approving device: it answers a waiting request, shows the code once the new device revealed
 * the key it committed to, and only when the person says both screens show the same code seals
 * to that key the account's seeds and what this device trusts (link-record.ts).
 */
export function ApproveLink({ state }: { state: KeyState }) {
  const i18n = useI18n();
  const userId = useSession()?.user.id;
  const link = useApproverLink();
  const carried = useLinkCarried();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function approve() {
    if (link.step !== 'comparing' || !state.current || !userId) return;
    setBusy(true);
    try {
      await sealAndApprove(link, userId, state.current, carried);
      setOutcome({ ok: true, text: KEY_TEXTS.approved });
    } catch (error) {
      logClientError('approve_link', error);
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  if (outcome?.ok)
    return <p className="text-sm font-medium text-emerald-800">{i18n._(outcome.text)}</p>;
  if (link.step === 'none')
    return <p className="text-sm text-slate-700">{i18n._(KEY_TEXTS.approveNone)}</p>;
  if (link.step === 'refused') {
    return (
      <p role="alert" className="text-sm text-red-700" data-testid="approve-refused">
        {i18n._(link.text)}
      </p>
    );
  }
  if (link.step === 'waiting') {
    return <p className="text-sm text-slate-700">{i18n._(KEY_TEXTS.approveWaitingReveal)}</p>;
  }
  return (
    <CompareCodes
      code={link.code}
      failure={outcome?.ok === false ? i18n._(outcome.text) : null}
      canApprove={!busy && Boolean(state.current)}
      onApprove={() => void approve()}
      onReject={() => setOutcome({ ok: true, text: KEY_TEXTS.approveRejected })}
    />
  );
}
