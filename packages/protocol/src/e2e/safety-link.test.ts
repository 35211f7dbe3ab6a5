import { describe, expect, it } from 'vitest';
import { E2eError } from './suite.js';
import { createIdentity, identityFromEntropy } from './identity.js';
import { comparisonCode, createLinkRequest, openLinkPayload, sealLinkPayload } from './link.js';
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

describe('device linking', () => {
  it('seals the entropy to the new device, which derives the same identity', async () => {
    const identity = await createIdentity();
    const request = await createLinkRequest();
    expect(request.publicKey).toHaveLength(87);
    expect(request.code).toBe(await comparisonCode(request.publicKey));
    const sealed = await sealLinkPayload(identity.entropy, request.publicKey);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{87}\.[A-Za-z0-9_-]+$/);
    const linked = await openLinkPayload(sealed, request.keyPair);
    expect(linked.keyId).toBe(identity.keyId);
    expect(linked.publicKey).toBe(identity.publicKey);
    expect(linked.phrase).toBe(identity.phrase);
  });

  it('another ephemeral key cannot open the payload; a tampered payload is refused', async () => {
    const identity = await createIdentity();
    const [request, other] = await Promise.all([createLinkRequest(), createLinkRequest()]);
    const sealed = await sealLinkPayload(identity.entropy, request.publicKey);
    const attempts: [string, Awaited<ReturnType<typeof createLinkRequest>>, string][] = [
      [sealed, other, 'Tampered'],
      [`${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BA' : 'AA'}`, request, 'Tampered'],
      ['no-dot', request, 'Malformed'],
    ];
    for (const [payload, device, reason] of attempts) {
      const error = await openLinkPayload(payload, device.keyPair).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(E2eError);
      expect((error as E2eError).reason).toBe(reason);
    }
  });

  it('shows a 6-digit comparison code that differs for another ephemeral key', async () => {
    const request = await createLinkRequest();
    expect(request.code).toMatch(/^\d{6}$/);
    // Fixed keys, so the "differs" assertion cannot fail by a one-in-a-million collision.
    const a = await identityFromEntropy(new Uint8Array(32).fill(3));
    const b = await identityFromEntropy(new Uint8Array(32).fill(4));
    const [codeA, codeB] = [await comparisonCode(a.publicKey), await comparisonCode(b.publicKey)];
    expect(codeA).toMatch(/^\d{6}$/);
    expect(codeA).not.toBe(codeB);
  });
});
