import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decryptNote, encryptNote, keyMaterial } from './crypto.js';
import { encryptionDataSchema } from './schemas/sealed-note.js';

const ALICE = '22222222-2222-4222-8222-222222222222';
const BOB = '11111111-1111-4111-8111-111111111111';
const EVE = '33333333-3333-4333-8333-333333333333';
const NOTE = 'Tonight? 🌙 ünïcode';
const salt = new Uint8Array(16).map((_, i) => i);
const iv = new Uint8Array(12).map((_, i) => 0xa0 + i);

/**
 * Computed once and cross-checked with node:crypto (pbkdf2Sync sha256 100000 + aes-256-gcm,
 * ciphertext followed by the tag) over `${BOB}:${ALICE}`.
 */
const VECTOR = {
  ciphertext: 'GD8hVfNROVzJr5H1whpGBeoUR+tiYv65ontWeWuC/aWeQwx+r7C6',
  iv: 'oKGio6Slpqeoqaqr',
  salt: 'AAECAwQFBgcICQoLDA0ODw==',
  version: 1,
};

describe('encrypted note v1', () => {
  it('sorts the ids and joins them with a colon', () => {
    expect(keyMaterial(ALICE, BOB)).toBe(`${BOB}:${ALICE}`);
    expect(keyMaterial(BOB, ALICE)).toBe(`${BOB}:${ALICE}`);
  });

  it('produces the fixed vector for a known salt, iv, ids and note', async () => {
    expect(await encryptNote(NOTE, ALICE, BOB, { salt, iv })).toEqual(VECTOR);
  });

  it('decrypts the fixed vector with the ids in either order', async () => {
    expect(await decryptNote(VECTOR, ALICE, BOB)).toBe(NOTE);
    expect(await decryptNote(VECTOR, BOB, ALICE)).toBe(NOTE);
  });

  it('round-trips with random salt and iv that the server schema accepts', async () => {
    const a = await encryptNote(NOTE, ALICE, BOB);
    const b = await encryptNote(NOTE, ALICE, BOB);
    expect(a.salt).not.toBe(b.salt);
    expect(a.iv).toHaveLength(16);
    expect(a.salt).toHaveLength(24);
    expect(
      encryptionDataSchema.safeParse({ iv: a.iv, salt: a.salt, version: a.version }).success,
    ).toBe(true);
    expect(await decryptNote(a, BOB, ALICE)).toBe(NOTE);
  });

  it('fails with the wrong key', async () => {
    await expect(decryptNote(VECTOR, ALICE, EVE)).rejects.toThrow();
  });

  it('fails when the ciphertext was tampered with', async () => {
    const bytes = base64ToBytes(VECTOR.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 0x01;
    await expect(
      decryptNote({ ...VECTOR, ciphertext: bytesToBase64(bytes) }, ALICE, BOB),
    ).rejects.toThrow();
  });

  it('rejects any version other than 1', async () => {
    await expect(decryptNote({ ...VECTOR, version: 2 }, ALICE, BOB)).rejects.toThrow(
      'Unsupported encryption version: 2',
    );
  });
});
