import { describe, expect, it } from 'vitest';
import { E2eError } from './suite.js';
import { createIdentity, type Identity } from './identity.js';
import {
  answerLinkOnApprover,
  checkLinkReveal,
  linkCode,
  linkCommitment,
  openLinkPayload,
  sealLinkBytes,
  sealLinkPayload,
  startLinkOnNewDevice,
} from './link.js';
import { fixedLinkSide, honestLinkTranscript } from './link-test-helpers.js';
import { encodeLinkPlaintext, linkRecordFits } from './link-plaintext.js';
import { LINK_PAYLOAD_BYTES, LINK_SEALED_PAYLOAD_LENGTH } from './constants.js';
import { SEALED_PAYLOAD_MAX } from '../constants.js';

/** A payload carrying the identity alone. */
const only = (identity: Identity) => ({ identity, formerIdentities: [], record: null });

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

  it('refuses a payload for another key, from another approver, or of another transcript', async () => {
    const identity = await createIdentity();
    const { transcript, newDevice, approver } = await honestLinkTranscript();
    const sealed = await sealLinkPayload(only(identity), transcript, approver.keyPair);
    const [stranger, impostor] = await Promise.all([
      startLinkOnNewDevice(),
      answerLinkOnApprover(),
    ]);
    const fromImpostor = await sealLinkPayload(only(identity), transcript, impostor.keyPair);
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

describe('link payload version 2', async () => {
  const [current, older, oldest] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);
  const { transcript, newDevice, approver } = await honestLinkTranscript();
  const open = (sealed: string) => openLinkPayload(sealed, transcript, newDevice.keyPair);
  const sealPlaintext = (plaintext: Uint8Array<ArrayBuffer>) =>
    sealLinkBytes(plaintext, transcript, approver.keyPair);
  /** Bytes of JSON beside the seed, the count, the length and `former` older seeds. */
  const roomBeside = (former: number) => LINK_PAYLOAD_BYTES - 1 - 32 - 2 - 4 - 32 * former;
  /** A JSON string of exactly `bytes` bytes (its quotes included). */
  const recordOf = (bytes: number) => 'x'.repeat(bytes - 2);

  it('carries the current seed, the older ones in order and the record', async () => {
    const record = { pins: [{ keyId: 'a', reason: 'verified' }], verifiedPair: 'a:b', note: 'é ✓' };
    const sealed = await sealLinkPayload(
      { identity: current, formerIdentities: [older, oldest], record },
      transcript,
      approver.keyPair,
    );
    const opened = await open(sealed);
    expect(opened.identity.keyId).toBe(current.keyId);
    expect(opened.identity.phrase).toBe(current.phrase);
    expect(opened.formerIdentities.map((identity) => identity.keyId)).toEqual([
      older.keyId,
      oldest.keyId,
    ]);
    expect(opened.record).toEqual(record);
  });

  it('still opens a version 1 payload of the previous release: the seed alone', async () => {
    const opened = await open(await sealPlaintext(new Uint8Array(current.entropy)));
    expect(opened.identity.keyId).toBe(current.keyId);
    expect(opened.formerIdentities).toEqual([]);
    expect(opened.record).toBeNull();
  });

  it('is always SEALED_PAYLOAD_MAX characters long, whatever it carries', async () => {
    expect(LINK_SEALED_PAYLOAD_LENGTH).toBe(SEALED_PAYLOAD_MAX);
    const contents = [
      { identity: current, formerIdentities: [], record: null },
      { identity: current, formerIdentities: [], record: { pins: [] } },
      { identity: current, formerIdentities: [older, oldest], record: { pins: [] } },
      { identity: current, formerIdentities: [older], record: recordOf(roomBeside(1)) },
    ];
    for (const content of contents) {
      const sealed = await sealLinkPayload(content, transcript, approver.keyPair);
      expect(sealed).toHaveLength(SEALED_PAYLOAD_MAX);
      expect(sealed).toMatch(/^[A-Za-z0-9_-]{87}\.[A-Za-z0-9_-]+$/);
      // The body of POST …/approve stays under the 64 KiB request limit of docs/deploy.md.
      expect(JSON.stringify({ sealed_payload: sealed }).length).toBeLessThan(64 * 1024);
    }
  });

  it('refuses to seal a record that does not fit, and says so', async () => {
    const seal = (former: Identity[], record: unknown) =>
      sealLinkPayload(
        { identity: current, formerIdentities: former, record },
        transcript,
        approver.keyPair,
      );
    const fitting = recordOf(roomBeside(2));
    expect(linkRecordFits(fitting, 2)).toBe(true);
    expect(linkRecordFits(fitting, 3)).toBe(false);
    expect(linkRecordFits(`${fitting}x`, 2)).toBe(false);
    expect((await open(await seal([older, oldest], fitting))).record).toBe(fitting);
    await expect(seal([older, oldest], `${fitting}x`)).rejects.toThrow(
      new RangeError(
        `The link record is ${roomBeside(2) + 1} bytes; ${roomBeside(2)} fit beside 2 older keys ` +
          `in a ${LINK_PAYLOAD_BYTES}-byte link payload`,
      ),
    );
  });

  it('refuses a tampered payload, and a sealed plaintext of another shape', async () => {
    const sealed = await sealLinkPayload(only(current), transcript, approver.keyPair);
    const middle = Math.floor(sealed.length / 2);
    const flipped = `${sealed.slice(0, middle)}${sealed[middle] === 'A' ? 'B' : 'A'}${sealed.slice(middle + 1)}`;
    expect(await reasonOf(open(flipped))).toBe('Tampered');
    // Six characters fewer: whole bytes of base64url still, so only the seal can refuse it.
    expect(await reasonOf(open(sealed.slice(0, -6)))).toBe('Tampered');

    const valid = () => encodeLinkPlaintext(current.entropy, [older.entropy], { pins: [] });
    const recordLengthAt = 1 + 32 + 2 + 32;
    const shapes: [string, (plaintext: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>][] = [
      ['another version', (bytes) => bytes.fill(3, 0, 1)],
      ['a byte short', (bytes) => bytes.slice(0, -1)],
      ['a byte long', (bytes) => new Uint8Array([...bytes, 0])],
      ['a seed and one byte', (bytes) => bytes.slice(0, 33)],
      ['padding not zero', (bytes) => bytes.fill(1, -1)],
      ['more older seeds than fit', (bytes) => bytes.fill(0xff, 33, 35)],
      [
        'a record longer than its room',
        (bytes) => bytes.fill(0xff, recordLengthAt, recordLengthAt + 4),
      ],
      [
        'a record that is not JSON',
        (bytes) => bytes.fill(0x7d, recordLengthAt + 4, recordLengthAt + 5),
      ],
      [
        'a record that is not UTF-8',
        (bytes) => bytes.fill(0xff, recordLengthAt + 5, recordLengthAt + 6),
      ],
    ];
    for (const [shape, change] of shapes) {
      expect(await reasonOf(open(await sealPlaintext(change(valid())))), shape).toBe('Malformed');
    }
  });
});
