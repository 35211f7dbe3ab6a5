import * as curves from '@noble/curves/ed25519';
import { describe, expect, it, vi } from 'vitest';
import { blindWishItems, deriveWishScalar, wishDst } from './psi.js';

vi.mock('@noble/curves/ed25519', async (importOriginal) => {
  const original = await importOriginal<typeof import('@noble/curves/ed25519')>();
  return { ...original, hash_to_ristretto255: vi.fn(original.hash_to_ristretto255) };
});

/** The device's cache of hashed elements: a later step of a round hashes nothing again. */
describe('hashed elements', () => {
  const entropy = new Uint8Array(32).fill(3);
  const couple = { selfId: 'user-a', partnerId: 'user-b' };
  const items = ['c:one', 'c:two', 'c:three'];
  const hash = vi.mocked(curves.hash_to_ristretto255);

  it('are hashed once per owner and round, for the last two rounds', async () => {
    const scalar = await deriveWishScalar(entropy, couple, 'round-1');
    const dst = (round: string) => wishDst(couple, round);
    const blind = (round: string, owner = 'user-a') =>
      blindWishItems(items, scalar, dst(round), owner);
    hash.mockClear();
    const first = await blind('round-1');
    expect(hash).toHaveBeenCalledTimes(3);
    expect(await blind('round-1')).toEqual(first);
    expect(hash).toHaveBeenCalledTimes(3);
    // The partner in the same page (tests, the benchmark) hashes for itself.
    await blind('round-1', 'user-b');
    expect(hash).toHaveBeenCalledTimes(6);
    // Two newer rounds push round-1 of user-a out: it is hashed again, the same.
    await blind('round-2');
    await blind('round-3');
    hash.mockClear();
    expect(await blind('round-1')).toEqual(first);
    expect(hash).toHaveBeenCalledTimes(3);
  });
});
