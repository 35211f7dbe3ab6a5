import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  KEY_TEXTS,
  linkCode,
  openLinkPayload,
  startLinkOnNewDevice,
  type LinkTranscript,
} from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { ROUTES } from '../../lib/routes.js';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { saveLinkedIdentities, updateDeviceState } from './keyring.js';
import { useLinkCarried } from './link-carried.js';
import { LinkLeft, linkFailureText, waitForLinkStep } from './link-steps.js';
import { refreshKeys } from './queries.js';
import { useI18n } from '../../lib/i18n.js';

type LinkStep =
  | { step: 'starting' }
  | { step: 'waiting' }
  | { step: 'comparing'; code: string }
  | { step: 'failed'; text: string };

/** Formats the 6-digit comparison code as two groups, easier to compare aloud. */
export function spacedCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * The new device's side (docs/security.md, "Device linking"): it commits to an ephemeral key and
 * nonce (memory only), reveals them once the approving device answered, shows the code of all
 * four values, and opens what the answering device's key sealed to its key: the account's seeds,
 * kept here, and the record of trusted keys, adopted before them (link-record.ts).
 */
export function LinkThisDevice({ userId, ownKeyId }: { userId: string; ownKeyId: string }) {
  const i18n = useI18n();
  const [state, setState] = useState<LinkStep>({ step: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const carried = useLinkCarried();

  useEffect(() => {
    let live = true;
    const isLive = () => live;

    async function link(): Promise<void> {
      const own = await startLinkOnNewDevice();
      const { id } = await call('createLinkRequest', { body: { commitment: own.commitment } });
      if (!live) return;
      setState({ step: 'waiting' });
      const transcript: LinkTranscript = await waitForLinkStep(
        id,
        (request) =>
          request.approver_public_key && request.approver_nonce
            ? {
                newDevicePublicKey: own.publicKey,
                newDeviceNonce: own.nonce,
                approverPublicKey: request.approver_public_key,
                approverNonce: request.approver_nonce,
              }
            : null,
        isLive,
      );
      await call('revealLinkRequest', {
        params: { id },
        body: { ephemeral_public_key: own.publicKey, nonce: own.nonce },
      });
      const code = await linkCode(transcript);
      if (!live) return;
      setState({ step: 'comparing', code });
      const sealed = await waitForLinkStep(id, (request) => request.sealed_payload, isLive);
      const linked = await openLinkPayload(sealed, transcript, own.keyPair);
      const { identity } = linked;
      if (identity.keyId !== ownKeyId) throw new Error('Linked key is not the account key');
      // The link worked whatever becomes of the record: a failure to adopt it is logged, and the
      // device then pins the partner's key on first use. Loaded here only: its schema brings zod.
      await import('./link-record.js')
        .then(({ adoptLinkRecord }) => adoptLinkRecord(userId, linked.record, carried))
        .catch((error: unknown) => logClientError('link_record', error));
      await saveLinkedIdentities(userId, [identity, ...linked.formerIdentities]);
      await updateDeviceState(userId, { phraseSavedForKeyId: identity.keyId });
      // Navigate first: the refreshed keys make the setup screen drop this component.
      void navigate(ROUTES.home);
      await refreshKeys(queryClient);
    }

    link().catch((error: unknown) => {
      if (!live || error instanceof LinkLeft) return;
      logClientError('link_device', error);
      setState({ step: 'failed', text: linkFailureText(error, KEY_TEXTS.linkRefused) });
    });
    return () => {
      live = false;
    };
  }, [attempt, userId, ownKeyId, queryClient, navigate, carried]);

  if (state.step === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-700">
          {i18n._(state.text)}
        </p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {i18n._(KEY_TEXTS.linkOption)}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {i18n._(state.step === 'comparing' ? KEY_TEXTS.linkCompare : KEY_TEXTS.linkWaiting)}
      </p>
      <p
        data-testid="link-code"
        className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900"
      >
        {state.step === 'comparing' ? spacedCode(state.code) : '… …'}
      </p>
    </div>
  );
}
