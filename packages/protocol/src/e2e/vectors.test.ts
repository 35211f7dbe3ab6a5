import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './encoding.js';
import { identityFromEntropy } from './identity.js';
import { bytesToBase64Url } from './encoding.js';
import { linkCode, linkCommitment } from './link.js';
import { safetyNumber } from './safety.js';

/**
 * Fixed vectors so the format cannot drift silently. The key ids, safety number and comparison
 * code below were recomputed outside this code (Python hashlib from the spec text) and agree.
 */
const entropyA = new Uint8Array(32).map((_, i) => i); // 00 01 … 1f
const entropyB = new Uint8Array(32).map((_, i) => 32 + i); // 20 21 … 3f

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('format vectors', () => {
  it('DeriveKeyPair matches RFC 9180 A.3.1 (DHKEM(P-256), ikmR → pkRm)', async () => {
    const ikmR = '668b37171f1072f3cf12ea8a236a45df23fc13b82af3609ad1e354f6ef817550';
    const bytes = new Uint8Array(ikmR.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
    const identity = await identityFromEntropy(bytes);
    expect(hex(base64UrlToBytes(identity.publicKey))).toBe(
      '04fe8c19ce0905191ebc298a9245792531f26f0cece2460639e8bc39cb7f706a82' +
        '6a779b4cf969b8a0e539c7f62fb3d30ad6aa8f80e30f1d128aafd68a2ce72ea0',
    );
  });

  it('the recovery phrase is BIP39 English (official vectors)', async () => {
    expect((await identityFromEntropy(new Uint8Array(32))).phrase).toBe(
      `${'abandon '.repeat(23)}art`,
    );
    expect((await identityFromEntropy(new Uint8Array(32).fill(0x7f))).phrase).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank year wave sausage ' +
        'worth useful legal winner thank year wave sausage worth title',
    );
  });

  it('public keys and key ids derived from fixed entropy', async () => {
    const a = await identityFromEntropy(entropyA);
    const b = await identityFromEntropy(entropyB);
    expect(a.publicKey).toBe(
      'BM-yZNhcfrJ2z2B3PEYdci4ltkvzRdB3waixDAW43stFt62EnM5elmAQLz82iv0i_nl8r2w6nLy-dleye7zd_bE',
    );
    expect(a.keyId).toBe('KlTSoEd4JNyCVJ8o-3fVYw');
    expect(b.publicKey).toBe(
      'BMHC9RQjM6WvhX2yJTaXWMFJ58Y6gDqdhausWzn0mxeOczMEOYr5im2luisYE-pz-dK9Fl-6TEN07Qyqk0-X5UQ',
    );
    expect(b.keyId).toBe('qkf-d3TJuvOyuDBSzkboeQ');
  });

  it('safety number of those keys', async () => {
    const a = await identityFromEntropy(entropyA);
    const b = await identityFromEntropy(entropyB);
    expect(await safetyNumber(a.publicKey, b.publicKey)).toEqual({
      digits: '23416 91621 74018 36561 83856 26713 28822 14449 61329 24327 85008 40938',
      qrPayload:
        'couple-desires-safety:1:234169162174018365618385626713288221444961329243278500840938',
    });
  });

  it('link commitment and comparison code, a the new device and b the approving one', async () => {
    const a = await identityFromEntropy(entropyA);
    const b = await identityFromEntropy(entropyB);
    const newDeviceNonce = bytesToBase64Url(new Uint8Array(32).map((_, i) => 64 + i)); // 40 … 5f
    const approverNonce = bytesToBase64Url(new Uint8Array(32).map((_, i) => 96 + i)); // 60 … 7f
    expect(newDeviceNonce).toBe('QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8');
    expect(await linkCommitment(a.publicKey, newDeviceNonce)).toBe(
      'eMBm7uq0zxgeND79uw4t-8tPqO51aQPkYV2VPFpdEwg',
    );
    const transcript = {
      newDevicePublicKey: a.publicKey,
      newDeviceNonce,
      approverPublicKey: b.publicKey,
      approverNonce,
    };
    expect(await linkCode(transcript)).toBe('868596');
  });
});
