import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  KEY_TEXTS,
  createLinkRequest,
  openLinkPayload,
  type LinkRequest,
} from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { ROUTES } from '../auth/routing.js';
import { ApiError } from '../../lib/api-errors.js';
import { api } from '../../lib/api.js';
import { LINK_POLL_MS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { saveIdentity, updateDeviceState } from './keyring.js';
import { refreshKeys } from './queries.js';

type LinkStep =
  { step: 'starting' } | { step: 'waiting'; code: string } | { step: 'failed'; text: string };

/** Formats the 6-digit comparison code as two groups, easier to compare aloud. */
export function spacedCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * The new device's side: an ephemeral key (memory only) goes to the server, the code derived from
 * it shows here and on the approving device; the sealed answer opens only with the ephemeral key.
 */
export function LinkThisDevice({ userId, ownKeyId }: { userId: string; ownKeyId: string }) {
  const [state, setState] = useState<LinkStep>({ step: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const request = useRef<LinkRequest | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (text: string, error?: unknown) => {
      if (error !== undefined) logClientError('link_device', error);
      if (live) setState({ step: 'failed', text });
    };

    async function poll(id: string, ephemeral: LinkRequest): Promise<void> {
      const answer = await api.getLinkRequest(id);
      if (!live) return;
      if (!answer.sealed_payload) {
        timer = setTimeout(() => void poll(id, ephemeral).catch(onError), LINK_POLL_MS);
        return;
      }
      const identity = await openLinkPayload(answer.sealed_payload, ephemeral.keyPair);
      if (identity.keyId !== ownKeyId) return fail(KEY_TEXTS.linkFailed);
      await saveIdentity(userId, identity);
      await updateDeviceState(userId, { phraseSavedForKeyId: identity.keyId });
      // Navigate first: the refreshed keys make the setup screen drop this component.
      void navigate(ROUTES.home);
      await refreshKeys(queryClient);
    }
    function onError(error: unknown) {
      const expired = error instanceof ApiError && error.status === 410;
      fail(expired ? KEY_TEXTS.linkExpired : KEY_TEXTS.linkFailed, expired ? undefined : error);
    }

    createLinkRequest()
      .then(async (ephemeral) => {
        request.current = ephemeral;
        const created = await api.createLinkRequest(ephemeral.publicKey);
        if (!live) return;
        setState({ step: 'waiting', code: ephemeral.code });
        await poll(created.id, ephemeral);
      })
      .catch(onError);
    return () => {
      live = false;
      clearTimeout(timer);
      request.current = null;
    };
  }, [attempt, userId, ownKeyId, queryClient, navigate]);

  if (state.step === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {state.text}
        </p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {KEY_TEXTS.linkOption}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{KEY_TEXTS.linkWaiting}</p>
      <p
        data-testid="link-code"
        className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900"
      >
        {state.step === 'waiting' ? spacedCode(state.code) : '… …'}
      </p>
    </div>
  );
}
