import { bytesToBase64Url } from './encoding.js';
import { exportPublicKey } from './identity.js';
import {
  answerLinkOnApprover,
  checkLinkReveal,
  linkCommitment,
  startLinkOnNewDevice,
  type LinkSide,
  type LinkTranscript,
  type NewDeviceLink,
} from './link.js';
import { hpkeSuite } from './suite.js';

/** Both devices' steps of an untouched link, for tests of what comes after them. */
export async function honestLinkTranscript(): Promise<{
  transcript: LinkTranscript;
  newDevice: NewDeviceLink;
  approver: LinkSide;
}> {
  const newDevice = await startLinkOnNewDevice();
  const approver = await answerLinkOnApprover();
  await checkLinkReveal(newDevice.commitment, newDevice.publicKey, newDevice.nonce);
  return {
    newDevice,
    approver,
    transcript: {
      newDevicePublicKey: newDevice.publicKey,
      newDeviceNonce: newDevice.nonce,
      approverPublicKey: approver.publicKey,
      approverNonce: approver.nonce,
    },
  };
}

/** A link side from a fixed seed byte: the same key pair and nonce on every run. */
export async function fixedLinkSide(seed: number): Promise<NewDeviceLink> {
  const keyPair = await hpkeSuite().kem.deriveKeyPair(new Uint8Array(32).fill(seed));
  const publicKey = bytesToBase64Url(await exportPublicKey(keyPair.publicKey));
  const nonce = bytesToBase64Url(new Uint8Array(32).fill(seed ^ 0xff));
  return { keyPair, publicKey, nonce, commitment: await linkCommitment(publicKey, nonce) };
}
