import { describe, expect, it } from 'vitest';
import { createIdentity } from './identity.js';
import { safetyNumber } from './safety.js';

describe('safetyNumber', () => {
  it('is the same on both sides, 60 digits in 12 groups', async () => {
    const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
    const fromAlice = await safetyNumber(alice.publicKey, bob.publicKey);
    const fromBob = await safetyNumber(bob.publicKey, alice.publicKey);
    expect(fromAlice).toEqual(fromBob);
    expect(fromAlice.digits).toMatch(/^\d{5}( \d{5}){11}$/);
    expect(fromAlice.qrPayload).toBe(
      `couple-desires-safety:1:${fromAlice.digits.replace(/ /g, '')}`,
    );
    expect(fromAlice.qrPayload).toMatch(/^couple-desires-safety:1:\d{60}$/);
  });

  it('changes when either key changes', async () => {
    const [alice, bob, other] = await Promise.all([
      createIdentity(),
      createIdentity(),
      createIdentity(),
    ]);
    const original = await safetyNumber(alice.publicKey, bob.publicKey);
    expect((await safetyNumber(alice.publicKey, other.publicKey)).digits).not.toBe(original.digits);
    expect((await safetyNumber(other.publicKey, bob.publicKey)).digits).not.toBe(original.digits);
  });
});
