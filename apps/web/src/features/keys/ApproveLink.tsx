import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KEY_TEXTS, comparisonCode, sealLinkPayload } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { api } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { LINK_POLL_MS } from '../../lib/constants.js';
import { spacedCode } from './LinkThisDevice.js';
import { keysKeys } from './queries.js';
import type { KeyState } from './key-state.js';

/**
 * The approving device: it shows the waiting request's code, and seals the key's seed to the
 * request's ephemeral key only when the person says both screens show the same code.
 */
export function ApproveLink({ state }: { state: KeyState }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useQuery({
    queryKey: keysKeys.linkRequests(),
    queryFn: async () => {
      const { requests } = await api.listLinkRequests();
      const request = requests[0];
      return request
        ? { ...request, code: await comparisonCode(request.ephemeral_public_key) }
        : null;
    },
    refetchInterval: LINK_POLL_MS,
  });
  const request = pending.data;

  async function approve() {
    if (!request || !state.current) return;
    setBusy(true);
    try {
      const sealed = await sealLinkPayload(state.current.entropy, request.ephemeral_public_key);
      await api.approveLinkRequest(request.id, sealed);
      setOutcome({ ok: true, text: KEY_TEXTS.approved });
    } catch (error) {
      logClientError('approve_link', error);
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: keysKeys.linkRequests() });
    }
  }

  if (outcome?.ok) return <p className="text-sm font-medium text-emerald-800">{outcome.text}</p>;
  if (!request) return <p className="text-sm text-slate-700">{KEY_TEXTS.approveNone}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="approve-link">
      <p className="text-sm text-slate-700">{KEY_TEXTS.approveCompare}</p>
      <p
        data-testid="approve-code"
        className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900"
      >
        {spacedCode(request.code)}
      </p>
      <FormError message={outcome?.ok === false ? outcome.text : null} />
      <Button disabled={busy || !state.current} onClick={() => void approve()}>
        {KEY_TEXTS.approveAction}
      </Button>
      <Button
        variant="ghost"
        onClick={() => setOutcome({ ok: true, text: KEY_TEXTS.approveRejected })}
      >
        {KEY_TEXTS.approveReject}
      </Button>
    </div>
  );
}
