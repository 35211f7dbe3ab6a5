import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  KEY_TEXTS,
  answerLinkOnApprover,
  checkLinkReveal,
  linkCode,
  type LinkSide,
  type LinkTranscript,
} from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { LINK_POLL_MS } from '../../lib/constants.js';
import { LinkLeft, linkFailureText, waitForLinkStep } from './link-steps.js';
import { keysKeys } from './queries.js';

export type ApproverStep =
  | { step: 'none' }
  | { step: 'waiting' }
  | { step: 'comparing'; id: string; code: string; transcript: LinkTranscript; own: LinkSide }
  | { step: 'refused'; text: string };

/**
 * The approving device's side up to the comparison (docs/security.md, "Device linking"): it
 * answers a waiting request's commitment with its own ephemeral key and nonce, then checks the
 * key the new device reveals against that commitment before it shows the code.
 */
export function useApproverLink(): ApproverStep {
  const [answering, setAnswering] = useState<{ id: string; commitment: string } | null>(null);
  const [state, setState] = useState<ApproverStep>({ step: 'waiting' });
  const pending = useQuery({
    queryKey: keysKeys.linkRequests(),
    queryFn: async () => (await call('listLinkRequests')).requests[0] ?? null,
    refetchInterval: answering ? false : LINK_POLL_MS,
    enabled: answering === null,
  });
  const waiting = pending.data;
  if (!answering && waiting) setAnswering({ id: waiting.id, commitment: waiting.commitment });

  useEffect(() => {
    if (!answering) return;
    let live = true;
    const { id, commitment } = answering;

    async function answer(): Promise<void> {
      const own = await answerLinkOnApprover();
      await call('respondLinkRequest', {
        params: { id },
        body: { approver_public_key: own.publicKey, approver_nonce: own.nonce },
      }).catch((error: unknown) => {
        const taken = error instanceof ApiError && error.code === 'link_step_out_of_order';
        throw taken ? new AnsweredElsewhere() : error;
      });
      const transcript: LinkTranscript = await waitForLinkStep(
        id,
        (request) =>
          request.ephemeral_public_key && request.nonce
            ? {
                newDevicePublicKey: request.ephemeral_public_key,
                newDeviceNonce: request.nonce,
                approverPublicKey: own.publicKey,
                approverNonce: own.nonce,
              }
            : null,
        () => live,
      );
      await checkLinkReveal(commitment, transcript.newDevicePublicKey, transcript.newDeviceNonce);
      const code = await linkCode(transcript);
      if (live) setState({ step: 'comparing', id, code, transcript, own });
    }

    answer().catch((error: unknown) => {
      if (!live || error instanceof LinkLeft) return;
      if (!(error instanceof AnsweredElsewhere)) logClientError('approve_link', error);
      const text =
        error instanceof AnsweredElsewhere
          ? KEY_TEXTS.approveAnsweredElsewhere
          : linkFailureText(error, KEY_TEXTS.approveTampered);
      setState({ step: 'refused', text });
    });
    return () => {
      live = false;
    };
  }, [answering]);

  return answering ? state : { step: 'none' };
}

class AnsweredElsewhere extends Error {}
