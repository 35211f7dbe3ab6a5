import { describe, expect, it } from 'vitest';
import { ROTATION_SIGNATURE_B64URL_LENGTH } from './constants.js';
import { createIdentity, type Identity } from './identity.js';
import { signKeyRotation, verifyKeyRotation } from './rotation.js';

const USER = '3f0c9a52-6a55-4b8e-9d0e-1f2a3b4c5d6e';

function signer(identity: Identity) {
  return { keyId: identity.keyId, publicKey: identity.publicKey };
}

async function rotation() {
  const [previous, next] = await Promise.all([createIdentity(), createIdentity()]);
  const signature = await signKeyRotation({
    userId: USER,
    previous,
    nextPublicKey: next.publicKey,
  });
  return { previous, next, signature };
}

describe('key rotation signatures', () => {
  it('the previous key signs the next: 86 characters that verify', async () => {
    const { previous, next, signature } = await rotation();
    expect(signature).toHaveLength(ROTATION_SIGNATURE_B64URL_LENGTH);
    const input = { userId: USER, signer: signer(previous), nextPublicKey: next.publicKey };
    expect(await verifyKeyRotation({ ...input, signature })).toBe(true);
  });

  it('refuses a signature by a key that was not pinned (the server made both keys)', async () => {
    const { next, signature } = await rotation();
    const pinned = await createIdentity();
    expect(
      await verifyKeyRotation({
        userId: USER,
        signer: signer(pinned),
        nextPublicKey: next.publicKey,
        signature,
      }),
    ).toBe(false);
  });

  it('refuses a forged signature, another key, another account, and malformed text', async () => {
    const { previous, next, signature } = await rotation();
    const other = await createIdentity();
    const base = { userId: USER, signer: signer(previous), nextPublicKey: next.publicKey };
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await verifyKeyRotation({ ...base, signature: flipped })).toBe(false);
    expect(await verifyKeyRotation({ ...base, nextPublicKey: other.publicKey, signature })).toBe(
      false,
    );
    expect(await verifyKeyRotation({ ...base, userId: 'someone-else', signature })).toBe(false);
    expect(await verifyKeyRotation({ ...base, signature: 'not base64url!' })).toBe(false);
    expect(await verifyKeyRotation({ ...base, signature: signature.slice(0, 43) })).toBe(false);
  });
});
