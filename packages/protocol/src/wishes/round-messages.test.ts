import { describe, expect, it } from 'vitest';
import { WISH_SET_MAX } from './constants.js';
import { sealWishBytes } from './envelope.js';
import { compareEncodings } from './psi.js';
import { openRoundMessage, roundPlaintextLength, sealRoundMessage } from './round-messages.js';
import { testCouple } from './test-helpers.js';

/**
 * A partner's device that seals well-formed envelopes around bad contents: each must be refused
 * as Malformed when opened, before any of its points is used.
 */
describe('round message contents', async () => {
  const couple = await testCouple();
  const context = { roundId: 'round-1', senderId: couple.aliceId, receiverId: couple.bobId };
  /** u-coordinates, 32 bytes little-endian: 9 is the base point's. */
  const element = (n: bigint) => {
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i += 1) bytes[i] = Number((n >> BigInt(8 * i)) & 0xffn);
    return bytes;
  };
  const p = (1n << 255n) - 19n;
  const ascending = [9n, 10n, 11n].map(element).sort(compareEncodings);
  const open = (sealed: Awaited<ReturnType<typeof sealRoundMessage>>) =>
    openRoundMessage({
      kind: 'offer',
      context,
      sealed,
      identity: couple.bob,
      senderPublicKey: couple.alice.publicKey,
    });
  const seal = (arrays: Uint8Array[][]) =>
    sealRoundMessage({
      kind: 'offer',
      context,
      arrays,
      identity: couple.alice,
      partnerPublicKey: couple.bob.publicKey,
    });
  const sealRaw = (plaintext: Uint8Array<ArrayBuffer>) =>
    sealWishBytes({
      aad: `wish-offer|round-1|${couple.aliceId}|${couple.bobId}`,
      plaintext,
      identity: couple.alice,
      partnerPublicKey: couple.bob.publicKey,
    });

  it('opens a well-formed offer', async () => {
    const [offer] = await open(await seal([ascending]));
    expect(offer!.encoded).toEqual(ascending);
  });

  it.each([
    ['a low-order u (0)', () => [element(0n), ...ascending.slice(1)]],
    ['a low-order u (1)', () => [element(1n), ...ascending.slice(1)]],
    ['a non-canonical u (p + 9)', () => [...ascending.slice(0, 2), element(p + 9n)]],
    ['a u with the top bit set', () => [...ascending.slice(0, 2), element(9n + (1n << 255n))]],
    ['an unsorted set', () => [...ascending].reverse()],
    ['a repeated point', () => [ascending[0]!, ascending[0]!]],
  ])('refuses %s', async (_, points) => {
    await expect(open(await seal([points()]))).rejects.toMatchObject({ reason: 'Malformed' });
  });

  it('refuses a count over the capacity, non-zero padding and a wrong length', async () => {
    const plain = new Uint8Array(roundPlaintextLength('offer'));
    new DataView(plain.buffer).setUint16(0, WISH_SET_MAX + 1);
    await expect(open(await sealRaw(plain))).rejects.toMatchObject({ reason: 'Malformed' });
    const padded = new Uint8Array(roundPlaintextLength('offer'));
    padded[padded.length - 1] = 1;
    await expect(open(await sealRaw(padded))).rejects.toMatchObject({ reason: 'Malformed' });
    const short = new Uint8Array(roundPlaintextLength('offer') - 1);
    await expect(open(await sealRaw(short))).rejects.toMatchObject({ reason: 'Malformed' });
  });
});
