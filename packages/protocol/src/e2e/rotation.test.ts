import { describe, expect, it } from 'vitest';
import { ROTATION_SIGNATURE_B64URL_LENGTH } from './constants.js';
import { createIdentity, type Identity } from './identity.js';
import {
  signKeyPredecessor,
  signKeyRotation,
  verifyKeyPredecessor,
  verifyKeyRotation,
} from './rotation.js';

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

async function vouching() {
  const [predecessor, next] = await Promise.all([createIdentity(), createIdentity()]);
  const signature = await signKeyPredecessor({
    userId: USER,
    signer: next,
    predecessorKeyId: predecessor.keyId,
  });
  const input = { userId: USER, signer: signer(next), predecessorKeyId: predecessor.keyId };
  return { predecessor, next, signature, input };
}

describe('key predecessor signatures (vouching backwards)', () => {
  it('the next key signs the key id it replaced: 86 characters that verify', async () => {
    const { signature, input } = await vouching();
    expect(signature).toHaveLength(ROTATION_SIGNATURE_B64URL_LENGTH);
    expect(await verifyKeyPredecessor({ ...input, signature })).toBe(true);
  });

  it('refuses a signature by another key (the server made up the signer)', async () => {
    const { signature, input, predecessor } = await vouching();
    const forger = await createIdentity();
    expect(await verifyKeyPredecessor({ ...input, signer: signer(forger), signature })).toBe(false);
    // Nor does the replaced key's own signature pass for its successor's.
    const byPredecessor = await signKeyPredecessor({
      userId: USER,
      signer: predecessor,
      predecessorKeyId: predecessor.keyId,
    });
    expect(await verifyKeyPredecessor({ ...input, signature: byPredecessor })).toBe(false);
  });

  it('refuses it over another predecessor or for another account', async () => {
    const { signature, input } = await vouching();
    const other = await createIdentity();
    expect(await verifyKeyPredecessor({ ...input, predecessorKeyId: other.keyId, signature })).toBe(
      false,
    );
    expect(await verifyKeyPredecessor({ ...input, userId: 'someone-else', signature })).toBe(false);
  });

  it('is not a rotation signature, nor a rotation signature one of it', async () => {
    const { predecessor, next, signature, input } = await vouching();
    const asRotation = { userId: USER, signer: signer(next), nextPublicKey: predecessor.publicKey };
    expect(await verifyKeyRotation({ ...asRotation, signature })).toBe(false);
    const rotation = await signKeyRotation({
      userId: USER,
      previous: predecessor,
      nextPublicKey: next.publicKey,
    });
    const byPredecessor = { ...input, signer: signer(predecessor) };
    expect(await verifyKeyPredecessor({ ...byPredecessor, signature: rotation })).toBe(false);
  });

  it('answers false, never throws, on malformed input', async () => {
    const { signature, input } = await vouching();
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await verifyKeyPredecessor({ ...input, signature: flipped })).toBe(false);
    expect(await verifyKeyPredecessor({ ...input, signature: 'not base64url!' })).toBe(false);
    expect(await verifyKeyPredecessor({ ...input, signature: signature.slice(0, 43) })).toBe(false);
    expect(await verifyKeyPredecessor({ ...input, signature: '' })).toBe(false);
    const badKey = { ...input.signer, publicKey: 'not a key' };
    expect(await verifyKeyPredecessor({ ...input, signer: badKey, signature })).toBe(false);
  });
});
