import { beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../crypto.js';
import { E2eError, type E2eErrorReason } from './suite.js';
import { createIdentity, type Identity } from './identity.js';
import { bytesToBase64Url, base64UrlToBytes } from './encoding.js';
import { isEncryptionDataV2, openNoteV2, sealNoteV2, type EncryptionDataV2 } from './note.js';

const ids = { messageId: 'msg-1', senderId: 'user-alice', receiverId: 'user-bob' };
let alice: Identity;
let bob: Identity;
let eve: Identity;

beforeAll(async () => {
  [alice, bob, eve] = await Promise.all([createIdentity(), createIdentity(), createIdentity()]);
});

async function sealFromAlice(note = 'une soirée ☕ ensemble') {
  return sealNoteV2({ note, ...ids, senderIdentity: alice, partnerPublicKey: bob.publicKey });
}

async function expectReason(promise: Promise<unknown>, reason: E2eErrorReason) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(E2eError);
  expect((error as E2eError).reason).toBe(reason);
}

/** Flips one bit of a base64url field, keeping it canonical (first byte, low bit). */
function flipB64Url(text: string): string {
  const bytes = base64UrlToBytes(text);
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytesToBase64Url(bytes);
}

function withRecipient0(data: EncryptionDataV2, patch: Partial<EncryptionDataV2['recipients'][0]>) {
  const [first, second] = data.recipients;
  if (!first || !second) throw new Error('expected two recipients');
  return { ...data, recipients: [{ ...first, ...patch }, second] };
}

describe('sealNoteV2 / openNoteV2', () => {
  it('the partner opens the note', async () => {
    const sealed = await sealFromAlice();
    const plain = await openNoteV2({
      ...sealed,
      ...ids,
      myIdentity: bob,
      senderPublicKey: alice.publicKey,
    });
    expect(plain).toBe('une soirée ☕ ensemble');
  });

  it("an answer's note opens only as that answer's, never as a desire's", async () => {
    const answerIds = { ...ids, purpose: 'answer' as const };
    const sealed = await sealNoteV2({
      note: 'yes, tonight',
      ...answerIds,
      senderIdentity: alice,
      partnerPublicKey: bob.publicKey,
    });
    const opener = { ...sealed, myIdentity: bob, senderPublicKey: alice.publicKey };
    expect(await openNoteV2({ ...opener, ...answerIds })).toBe('yes, tonight');
    await expectReason(openNoteV2({ ...opener, ...ids }), 'Tampered');
  });

  it("the sender's own devices open it from sent history", async () => {
    const sealed = await sealFromAlice('mine too');
    const plain = await openNoteV2({
      ...sealed,
      ...ids,
      myIdentity: alice,
      senderPublicKey: alice.publicKey,
    });
    expect(plain).toBe('mine too');
  });

  it('lists the partner first, then the sender, with the spec sizes', async () => {
    const { noteEncrypted, encryptionData } = await sealFromAlice('x');
    expect(encryptionData.version).toBe(2);
    expect(encryptionData.iv).toHaveLength(16);
    expect(encryptionData.sender_key_id).toBe(alice.keyId);
    expect(encryptionData.recipients.map((entry) => entry.key_id)).toEqual([
      bob.keyId,
      alice.keyId,
    ]);
    for (const entry of encryptionData.recipients) {
      expect(entry.key_id).toHaveLength(22);
      expect(entry.enc).toHaveLength(87);
      expect(entry.wrapped_key).toHaveLength(64);
      expect(base64UrlToBytes(entry.enc)).toHaveLength(65);
      expect(base64UrlToBytes(entry.wrapped_key)).toHaveLength(48);
    }
    expect(alice.publicKey).toHaveLength(87);
    // Standard base64 with padding: 1 byte of text + 16-byte tag = 17 bytes → 24 chars.
    expect(noteEncrypted).toBe(bytesToBase64(base64ToBytes(noteEncrypted)));
    expect(noteEncrypted).toHaveLength(24);
    expect(isEncryptionDataV2(JSON.parse(JSON.stringify(encryptionData)))).toBe(true);
  });

  it('a third key gets NoKeyForThisDevice', async () => {
    const sealed = await sealFromAlice();
    await expectReason(
      openNoteV2({ ...sealed, ...ids, myIdentity: eve, senderPublicKey: alice.publicKey }),
      'NoKeyForThisDevice',
    );
  });

  it("the other partner's key cannot open the partner's entry", async () => {
    const sealed = await sealFromAlice();
    // Eve relabels Bob's entry with her own key id: the HPKE open must still fail.
    const data = withRecipient0(sealed.encryptionData, { key_id: eve.keyId });
    await expectReason(
      openNoteV2({
        ...sealed,
        encryptionData: data,
        ...ids,
        myIdentity: eve,
        senderPublicKey: alice.publicKey,
      }),
      'Tampered',
    );
  });

  describe('tampering fails with Tampered', () => {
    const cases: [string, (sealed: Awaited<ReturnType<typeof sealFromAlice>>) => object][] = [
      [
        'iv',
        (s) => ({ encryptionData: { ...s.encryptionData, iv: flipB64Url(s.encryptionData.iv) } }),
      ],
      [
        'ciphertext',
        (s) => {
          const bytes = base64ToBytes(s.noteEncrypted);
          bytes[0] = (bytes[0] ?? 0) ^ 1;
          return { noteEncrypted: bytesToBase64(bytes) };
        },
      ],
      [
        'wrapped_key',
        (s) => ({
          encryptionData: withRecipient0(s.encryptionData, {
            wrapped_key: flipB64Url(s.encryptionData.recipients[0]?.wrapped_key ?? ''),
          }),
        }),
      ],
      [
        'enc',
        (s) => ({
          encryptionData: withRecipient0(s.encryptionData, {
            enc: s.encryptionData.recipients[1]?.enc ?? '',
          }),
        }),
      ],
      ['aad (another message id)', () => ({ messageId: 'msg-2' })],
      [
        'aad (swapped sender and receiver)',
        () => ({ senderId: ids.receiverId, receiverId: ids.senderId }),
      ],
      ["aad (a desire's note read as its answer's)", () => ({ purpose: 'answer' })],
    ];
    for (const [name, tamper] of cases) {
      it(name, async () => {
        const sealed = await sealFromAlice();
        await expectReason(
          openNoteV2({
            ...sealed,
            ...ids,
            myIdentity: bob,
            senderPublicKey: alice.publicKey,
            ...tamper(sealed),
          }),
          'Tampered',
        );
      });
    }
  });

  it('a note sealed by another key than the claimed sender fails (auth mode)', async () => {
    const forged = await sealNoteV2({
      note: 'from eve',
      ...ids,
      senderIdentity: eve,
      partnerPublicKey: bob.publicKey,
    });
    // Claiming Alice's key id does not help: HPKE auth mode checks the sender's key itself.
    const claimed = { ...forged.encryptionData, sender_key_id: alice.keyId };
    await expectReason(
      openNoteV2({
        ...forged,
        encryptionData: claimed,
        ...ids,
        myIdentity: bob,
        senderPublicKey: alice.publicKey,
      }),
      'Tampered',
    );
    await expectReason(
      openNoteV2({ ...forged, ...ids, myIdentity: bob, senderPublicKey: alice.publicKey }),
      'Tampered',
    );
  });

  it('refuses a malformed encryption_data and a note over 200 characters', async () => {
    const sealed = await sealFromAlice();
    await expectReason(
      openNoteV2({
        ...sealed,
        encryptionData: { ...sealed.encryptionData, version: 1 },
        ...ids,
        myIdentity: bob,
        senderPublicKey: alice.publicKey,
      }),
      'Malformed',
    );
    await expect(sealFromAlice('a'.repeat(201))).rejects.toThrow(RangeError);
    await expect(
      sealNoteV2({ note: 'x', ...ids, senderIdentity: alice, partnerPublicKey: alice.publicKey }),
    ).rejects.toThrow(RangeError);
  });
});

describe('isEncryptionDataV2', () => {
  it('accepts the spec shape and refuses deviations', async () => {
    const { encryptionData } = await sealFromAlice();
    expect(isEncryptionDataV2(encryptionData)).toBe(true);
    const [first] = encryptionData.recipients;
    expect(isEncryptionDataV2({ ...encryptionData, recipients: [first] })).toBe(true);
    expect(isEncryptionDataV2({ ...encryptionData, recipients: [] })).toBe(false);
    expect(isEncryptionDataV2({ ...encryptionData, recipients: [first, first] })).toBe(false);
    expect(isEncryptionDataV2({ ...encryptionData, extra: 1 })).toBe(false);
    expect(isEncryptionDataV2({ ...encryptionData, iv: `${encryptionData.iv}A` })).toBe(false);
    expect(isEncryptionDataV2({ ...encryptionData, iv: '+'.repeat(16) })).toBe(false);
    expect(isEncryptionDataV2({ ...encryptionData, version: '2' })).toBe(false);
    expect(isEncryptionDataV2(null)).toBe(false);
  });
});
