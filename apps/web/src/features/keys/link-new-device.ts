import {
  linkCode,
  openLinkPayload,
  startLinkOnNewDevice,
  type LinkTranscript,
} from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { saveLinkedIdentities, updateDeviceState } from './keyring.js';
import type { LinkCarried } from './link-carried.js';
import { waitForLinkStep } from './link-steps.js';

export type LinkStep =
  | { step: 'starting' }
  | { step: 'waiting' }
  | { step: 'comparing'; code: string }
  | { step: 'failed'; text: string };

interface LinkRun {
  userId: string;
  /** The account's current key: the only one a link may bring. */
  ownKeyId: string;
  carried: LinkCarried;
  /** False once the screen left the link: nothing more is shown. */
  isLive: () => boolean;
  onStep: (step: LinkStep) => void;
}

type LinkedKeys = Awaited<ReturnType<typeof openLinkPayload>>;

/**
 * Commits to an ephemeral key and nonce (memory only), reveals them once the approving device
 * answered, shows the code of all four values, and opens what the approving device sealed to
 * that key; null when the screen left on the way.
 */
async function exchangeKeys(run: LinkRun): Promise<LinkedKeys | null> {
  const own = await startLinkOnNewDevice();
  const { id } = await call('createLinkRequest', { body: { commitment: own.commitment } });
  if (!run.isLive()) return null;
  run.onStep({ step: 'waiting' });
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
    run.isLive,
  );
  await call('revealLinkRequest', {
    params: { id },
    body: { ephemeral_public_key: own.publicKey, nonce: own.nonce },
  });
  const code = await linkCode(transcript);
  if (!run.isLive()) return null;
  run.onStep({ step: 'comparing', code });
  const sealed = await waitForLinkStep(id, (request) => request.sealed_payload, run.isLive);
  return openLinkPayload(sealed, transcript, own.keyPair);
}

/** Keeps the account's seeds here, after adopting the record of trusted keys (link-record.ts). */
async function keepLinkedKeys(run: LinkRun, linked: LinkedKeys): Promise<void> {
  const { userId } = run;
  const { identity } = linked;
  if (identity.keyId !== run.ownKeyId) throw new Error('Linked key is not the account key');
  // The link worked whatever becomes of the record: a failure to adopt it is logged, and the
  // device then pins the partner's key on first use. Loaded here only: its schema brings zod.
  await import('./link-record.js')
    .then(({ adoptLinkRecord }) => adoptLinkRecord(userId, linked.record, run.carried))
    .catch((error: unknown) => logClientError('link_record', error));
  await saveLinkedIdentities(userId, [identity, ...linked.formerIdentities]);
  await updateDeviceState(userId, { phraseSavedForKeyId: identity.keyId });
}

/**
 * The new device's side of a link (docs/security.md, "Device linking"), to the account's keys
 * kept on this device: true then, false when the screen left on the way.
 */
export async function linkNewDevice(run: LinkRun): Promise<boolean> {
  const linked = await exchangeKeys(run);
  if (!linked) return false;
  await keepLinkedKeys(run, linked);
  return true;
}
