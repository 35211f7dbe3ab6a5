import { describe, expect, it, vi } from 'vitest';
import { catalogItems, playRound, sides, testCouple } from './test-helpers.js';
import { importWishScalar, nativeX25519 } from './x25519.js';

/**
 * A browser without X25519 in WebCrypto (older Safari and Firefox): the feature test says no and
 * a whole round runs on noble's x25519, with the same matches.
 */
describe('without WebCrypto X25519', () => {
  const subtle = globalThis.crypto.subtle;
  const importKey = subtle.importKey.bind(subtle);
  vi.spyOn(subtle, 'importKey').mockImplementation(((...args: Parameters<typeof importKey>) => {
    const algorithm = args[2];
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name === 'X25519')
      return Promise.reject(new DOMException('No X25519', 'NotSupportedError'));
    return importKey(...args);
  }) as typeof subtle.importKey);

  it('falls back to noble and still matches', async () => {
    expect(await nativeX25519()).toBe(false);
    expect((await importWishScalar(new Uint8Array(32).fill(1))).kind).toBe('noble');
    const couple = await testCouple();
    const { a, b } = sides(couple, crypto.randomUUID());
    const aItems = catalogItems(12);
    const bItems = [...catalogItems(12).filter((_, i) => i % 3 === 0), 'u:bob-1'];
    const { finished, completed } = await playRound(a, b, aItems, bItems);
    const mutual = bItems.filter((item) => aItems.includes(item)).sort();
    expect(finished.matches).toEqual(mutual);
    expect(completed.matches).toEqual(mutual);
  });
});
