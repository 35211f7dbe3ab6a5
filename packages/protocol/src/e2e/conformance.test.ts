import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../crypto.js';
import { base64UrlToBytes, concatBytes as concat } from './encoding.js';
import { createIdentity } from './identity.js';
import { sealLinkPayload } from './link.js';
import { honestLinkTranscript } from './link-test-helpers.js';
import { sealNoteV2 } from './note.js';

/**
 * Opens a sealed note by hand, with a suite built here from the spec text rather than the
 * library's, so a wrong info string, aad, mode or AES key size in sealNoteV2 fails this test
 * even where the round-trip tests (which share the code) would still pass.
 */
const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});
const text = (value: string) => new TextEncoder().encode(value);

describe('v2 conformance', () => {
  it('wrapped keys are HPKE auth-mode seals with the spec info and aad', async () => {
    const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
    const aad = text('m-1|s-1|r-1');
    const { noteEncrypted, encryptionData } = await sealNoteV2({
      note: 'by the book',
      messageId: 'm-1',
      senderId: 's-1',
      receiverId: 'r-1',
      senderIdentity: alice,
      partnerPublicKey: bob.publicKey,
    });
    const [forBob, forAlice] = encryptionData.recipients;
    if (!forBob || !forAlice) throw new Error('expected two recipients');
    const open = (recipient: typeof bob, entry: typeof forBob, info: string, data: Uint8Array) =>
      suite.open(
        {
          recipientKey: recipient.keyPair,
          enc: base64UrlToBytes(entry.enc),
          senderPublicKey: alice.keyPair.publicKey,
          info: text(info),
        },
        base64UrlToBytes(entry.wrapped_key),
        data,
      );
    const contentKey = new Uint8Array(await open(bob, forBob, 'couple-desires note v2', aad));
    expect(contentKey).toHaveLength(32);
    const ownCopy = new Uint8Array(await open(alice, forAlice, 'couple-desires note v2', aad));
    expect(ownCopy).toEqual(contentKey);
    await expect(open(bob, forBob, 'couple-desires note v1', aad)).rejects.toThrow();
    await expect(
      open(bob, forBob, 'couple-desires note v2', text('m-2|s-1|r-1')),
    ).rejects.toThrow();

    const subtle = globalThis.crypto.subtle;
    const key = await subtle.importKey('raw', contentKey, 'AES-GCM', false, ['decrypt']);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: base64UrlToBytes(encryptionData.iv), additionalData: aad },
      key,
      base64ToBytes(noteEncrypted),
    );
    expect(new TextDecoder().decode(plain)).toBe('by the book');
  });

  it('link payloads are HPKE auth-mode seals of the v2 layout, info bound to the transcript', async () => {
    const [identity, older] = await Promise.all([createIdentity(), createIdentity()]);
    const { transcript, newDevice, approver } = await honestLinkTranscript();
    const record = { pins: [] };
    const [enc = '', ciphertext = ''] = (
      await sealLinkPayload(
        { identity, formerIdentities: [older], record },
        transcript,
        approver.keyPair,
      )
    ).split('.');
    const transcriptHash = new Uint8Array(
      await globalThis.crypto.subtle.digest(
        'SHA-256',
        concat(
          text('couple-desires link v2 transcript'),
          base64UrlToBytes(transcript.newDevicePublicKey),
          base64UrlToBytes(transcript.approverPublicKey),
          base64UrlToBytes(transcript.newDeviceNonce),
          base64UrlToBytes(transcript.approverNonce),
        ),
      ),
    );
    const open = (info: Uint8Array<ArrayBuffer>) =>
      suite.open(
        {
          recipientKey: newDevice.keyPair,
          senderPublicKey: approver.keyPair.publicKey,
          enc: base64UrlToBytes(enc),
          info,
        },
        base64UrlToBytes(ciphertext),
      );
    const info = concat(text('couple-desires link v2'), transcriptHash);
    // 0x02 | seed | n = 1 (uint16 BE) | older seed | L (uint32 BE) | JSON | zeros, 48 000 bytes.
    const json = text(JSON.stringify(record));
    const expected = new Uint8Array(48_000);
    expected.set(
      concat(
        new Uint8Array([2]),
        identity.entropy,
        new Uint8Array([0, 1]),
        older.entropy,
        new Uint8Array([0, 0, 0, json.length]),
        json,
      ),
    );
    expect(new Uint8Array(await open(info))).toEqual(expected);
    await expect(open(text('couple-desires link v2'))).rejects.toThrow();
  });
});
