import {
  answerLinkOnApprover,
  checkLinkReveal,
  linkCode,
  openLinkPayload,
  sealLinkPayload,
  startLinkOnNewDevice,
  type Identity,
  type KeyPair,
  type LinkRequestAnswer,
  type LinkTranscript,
} from '@couple/protocol';
import { request } from './api.js';

/** One device of an account: its own session token on the same server. */
interface Device {
  token: string;
}

async function step<T>(
  baseUrl: string,
  device: Device,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await request<T>(baseUrl, method, `/api/keys/links${path}`, {
    token: device.token,
    body,
  });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Runs a whole device link through the server as the two web app screens do (commit, answer,
 * reveal, compare, seal, open) and returns what the new device derived, with the ephemeral key
 * pairs of both sides so a test can look for them.
 */
export async function linkDeviceThroughServer(
  baseUrl: string,
  approver: Device & { identity: Identity },
  newDevice: Device,
): Promise<{ linked: Identity; ephemeralKeyPairs: KeyPair[]; codes: [string, string] }> {
  const own = await startLinkOnNewDevice();
  const { id } = await step<{ id: string }>(baseUrl, newDevice, 'POST', '', {
    commitment: own.commitment,
  });

  const { requests } = await step<{ requests: { id: string; commitment: string }[] }>(
    baseUrl,
    approver,
    'GET',
    '',
  );
  const waiting = requests.find((candidate) => candidate.id === id)!;
  const answer = await answerLinkOnApprover();
  await step(baseUrl, approver, 'POST', `/${id}/respond`, {
    approver_public_key: answer.publicKey,
    approver_nonce: answer.nonce,
  });

  const answered = await step<LinkRequestAnswer>(baseUrl, newDevice, 'GET', `/${id}`);
  const newDeviceTranscript: LinkTranscript = {
    newDevicePublicKey: own.publicKey,
    newDeviceNonce: own.nonce,
    approverPublicKey: answered.approver_public_key!,
    approverNonce: answered.approver_nonce!,
  };
  await step(baseUrl, newDevice, 'POST', `/${id}/reveal`, {
    ephemeral_public_key: own.publicKey,
    nonce: own.nonce,
  });

  const revealed = await step<LinkRequestAnswer>(baseUrl, approver, 'GET', `/${id}`);
  await checkLinkReveal(waiting.commitment, revealed.ephemeral_public_key!, revealed.nonce!);
  const approverTranscript: LinkTranscript = {
    newDevicePublicKey: revealed.ephemeral_public_key!,
    newDeviceNonce: revealed.nonce!,
    approverPublicKey: answer.publicKey,
    approverNonce: answer.nonce,
  };
  const sealed = await sealLinkPayload(
    { identity: approver.identity, formerIdentities: [], record: null },
    approverTranscript,
    answer.keyPair,
  );
  await step(baseUrl, approver, 'POST', `/${id}/approve`, { sealed_payload: sealed });

  const approved = await step<LinkRequestAnswer>(baseUrl, newDevice, 'GET', `/${id}`);
  return {
    linked: (await openLinkPayload(approved.sealed_payload!, newDeviceTranscript, own.keyPair))
      .identity,
    ephemeralKeyPairs: [own.keyPair, answer.keyPair],
    codes: [await linkCode(newDeviceTranscript), await linkCode(approverTranscript)],
  };
}
