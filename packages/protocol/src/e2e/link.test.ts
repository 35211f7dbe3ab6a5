import { describe, expect, it } from 'vitest';
import { E2eError } from './suite.js';
import { createIdentity } from './identity.js';
import {
  answerLinkOnApprover,
  checkLinkReveal,
  linkCode,
  linkCommitment,
  openLinkPayload,
  sealLinkPayload,
  startLinkOnNewDevice,
} from './link.js';
import { fixedLinkSide, honestLinkTranscript } from './link-test-helpers.js';

async function reasonOf(attempt: Promise<unknown>): Promise<string | null> {
  return attempt.then(
    () => null,
    (error: unknown) => (error instanceof E2eError ? error.reason : String(error)),
  );
}

describe('device linking', () => {
  it('commits to the key and nonce, and the approving device checks the reveal', async () => {
    const newDevice = await startLinkOnNewDevice();
    expect(newDevice.publicKey).toHaveLength(87);
    expect(newDevice.nonce).toHaveLength(43);
    expect(newDevice.commitment).toBe(await linkCommitment(newDevice.publicKey, newDevice.nonce));
    await checkLinkReveal(newDevice.commitment, newDevice.publicKey, newDevice.nonce);
    const other = await startLinkOnNewDevice();
    expect(
      await reasonOf(checkLinkReveal(newDevice.commitment, other.publicKey, newDevice.nonce)),
    ).toBe('Tampered');
    expect(
      await reasonOf(checkLinkReveal(newDevice.commitment, newDevice.publicKey, other.nonce)),
    ).toBe('Tampered');
    expect(
      await reasonOf(checkLinkReveal(newDevice.commitment, newDevice.publicKey, 'short')),
    ).toBe('Malformed');
  });

  it('seals the entropy to the new device, which derives the same identity', async () => {
    const identity = await createIdentity();
    const { transcript, newDevice, approver } = await honestLinkTranscript();
    const sealed = await sealLinkPayload(identity.entropy, transcript, approver.keyPair);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{87}\.[A-Za-z0-9_-]+$/);
    const linked = await openLinkPayload(sealed, transcript, newDevice.keyPair);
    expect(linked.keyId).toBe(identity.keyId);
    expect(linked.phrase).toBe(identity.phrase);
  });

  it('refuses a payload for another key, from another approver, or of another transcript', async () => {
    const identity = await createIdentity();
    const { transcript, newDevice, approver } = await honestLinkTranscript();
    const sealed = await sealLinkPayload(identity.entropy, transcript, approver.keyPair);
    const [stranger, impostor] = await Promise.all([
      startLinkOnNewDevice(),
      answerLinkOnApprover(),
    ]);
    const fromImpostor = await sealLinkPayload(identity.entropy, transcript, impostor.keyPair);
    const otherTranscript = { ...transcript, approverNonce: impostor.nonce };
    const attempts: [() => Promise<unknown>, string][] = [
      [() => openLinkPayload(sealed, transcript, stranger.keyPair), 'Tampered'],
      [() => openLinkPayload(fromImpostor, transcript, newDevice.keyPair), 'Tampered'],
      [() => openLinkPayload(sealed, otherTranscript, newDevice.keyPair), 'Tampered'],
      [
        () =>
          openLinkPayload(
            `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BA' : 'AA'}`,
            transcript,
            newDevice.keyPair,
          ),
        'Tampered',
      ],
      [() => openLinkPayload('no-dot', transcript, newDevice.keyPair), 'Malformed'],
    ];
    for (const [attempt, reason] of attempts) expect(await reasonOf(attempt())).toBe(reason);
  });

  it('shows a 6-digit code that changes with any of the four values', async () => {
    // Fixed sides, so "changes" cannot fail by a one-in-a-million collision.
    const [a, b, c] = await Promise.all([fixedLinkSide(1), fixedLinkSide(2), fixedLinkSide(3)]);
    const transcript = {
      newDevicePublicKey: a.publicKey,
      newDeviceNonce: a.nonce,
      approverPublicKey: b.publicKey,
      approverNonce: b.nonce,
    };
    const code = await linkCode(transcript);
    expect(code).toMatch(/^\d{6}$/);
    for (const changed of [
      { newDevicePublicKey: c.publicKey },
      { newDeviceNonce: c.nonce },
      { approverPublicKey: c.publicKey },
      { approverNonce: c.nonce },
    ]) {
      expect(await linkCode({ ...transcript, ...changed })).not.toBe(code);
    }
  });
});
