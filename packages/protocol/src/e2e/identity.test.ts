import { describe, expect, it } from 'vitest';
import { E2eError } from './suite.js';
import { base64UrlToBytes, bytesToBase64Url } from './encoding.js';
import { createIdentity, identityFromEntropy, identityFromPhrase } from './identity.js';
import { openNoteV2, sealNoteV2 } from './note.js';

describe('identity', () => {
  it('creates a 24-word phrase, an 87-char public key and a 22-char key id', async () => {
    const identity = await createIdentity();
    expect(identity.entropy).toHaveLength(32);
    expect(identity.phrase.split(' ')).toHaveLength(24);
    expect(identity.publicKey).toHaveLength(87);
    expect(base64UrlToBytes(identity.publicKey)[0]).toBe(0x04);
    expect(identity.keyId).toHaveLength(22);
    expect(identity.keyPair.privateKey.extractable).toBe(false);
  });

  it('the recovery phrase restores the same key id and opens old notes', async () => {
    const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
    const ids = { messageId: 'm', senderId: 'a', receiverId: 'b' };
    const sealed = await sealNoteV2({
      note: 'before the phone was lost',
      ...ids,
      senderIdentity: alice,
      partnerPublicKey: bob.publicKey,
    });
    const restored = await identityFromPhrase(`  ${bob.phrase.toUpperCase()} `);
    expect(restored.keyId).toBe(bob.keyId);
    expect(restored.publicKey).toBe(bob.publicKey);
    expect(bytesToBase64Url(restored.entropy)).toBe(bytesToBase64Url(bob.entropy));
    const plain = await openNoteV2({
      ...sealed,
      ...ids,
      myIdentity: restored,
      senderPublicKey: alice.publicKey,
    });
    expect(plain).toBe('before the phone was lost');
  });

  it('different entropy gives a different key', async () => {
    const a = await identityFromEntropy(new Uint8Array(32).fill(1));
    const b = await identityFromEntropy(new Uint8Array(32).fill(2));
    expect(a.keyId).not.toBe(b.keyId);
  });

  it('refuses a bad phrase with a clear error', async () => {
    const { phrase } = await createIdentity();
    const words = phrase.split(' ');
    // Swapping two different words almost always breaks the 8-bit checksum; pick a pair that does.
    const swapped = [words[1], words[0], ...words.slice(2)].join(' ');
    const bad = [
      'not a phrase',
      words.slice(0, 23).join(' '),
      [...words.slice(0, 23), 'notaword'].join(' '),
      `${'abandon '.repeat(23)}abandon`,
    ];
    if (words[0] !== words[1]) bad.push(swapped);
    for (const candidate of bad) {
      const error = await identityFromPhrase(candidate).then(
        () => null,
        (caught: unknown) => caught,
      );
      if (candidate === swapped && error === null) continue; // 1 in 256: checksum still matches
      expect(error, candidate).toBeInstanceOf(E2eError);
      expect((error as E2eError).reason).toBe('BadPhrase');
      expect((error as E2eError).message).toBe('Invalid recovery phrase');
    }
  });

  it('refuses entropy that is not 32 bytes', async () => {
    await expect(identityFromEntropy(new Uint8Array(16))).rejects.toThrow(RangeError);
  });
});
