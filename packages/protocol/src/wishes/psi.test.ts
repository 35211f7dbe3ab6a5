import { createHash, hkdfSync } from 'node:crypto';
import { hash_to_ristretto255, ristretto255 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { E2eError } from '../e2e/suite.js';
import { decodeWishPoint, deriveWishScalar, hashWishItem, wishDst } from './psi.js';

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) =>
  new Uint8Array(text.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
const sha512 = (data: Uint8Array) => new Uint8Array(createHash('sha512').update(data).digest());
const ascii = (text: string) => new TextEncoder().encode(text);
/** Scalars are serialized little-endian in RFC 9496/9497. */
const scalarLE = (text: string) => BigInt(`0x${hex(unhex(text).reverse())}`);

describe('ristretto255 vectors', () => {
  it('the one-way map matches RFC 9496 Appendix A.3 (hash-to-group)', () => {
    // The labels and encodings of RFC 9496 A.3, as in noble-curves' rfc9496 test.
    const vectors: [string, string][] = [
      [
        'Ristretto is traditionally a short shot of espresso coffee',
        '3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46',
      ],
      [
        'made with the normal amount of ground coffee but extracted with',
        'f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b',
      ],
      [
        'about half the amount of water in the same amount of time',
        '006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826',
      ],
      [
        'by using a finer grind.',
        'f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a',
      ],
      [
        'This produces a concentrated shot of coffee per volume.',
        'ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179',
      ],
      [
        'Just pulling a normal shot short will produce a weaker shot',
        'e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628',
      ],
      [
        'and is not a Ristretto as some believe.',
        '80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065',
      ],
    ];
    for (const [label, encoding] of vectors) {
      expect(hex(ristretto255.Point.hashToCurve(sha512(ascii(label))).toBytes())).toBe(encoding);
    }
  });

  it('hash_to_ristretto255 with a DST matches RFC 9497 A.1.1 (OPRF ristretto255-SHA512)', () => {
    // HashToGroup's DST is "HashToGroup-" || contextString, contextString "OPRFV1-" || 0x00 ||
    // "-ristretto255-SHA512"; BlindedElement = Blind * HashToGroup(Input) and
    // EvaluationElement = skSm * BlindedElement: the two operations of a wishes round.
    const dst = 'HashToGroup-OPRFV1-\x00-ristretto255-SHA512';
    const skSm = scalarLE('5ebcea5ee37023ccb9fc2d2019f9d7737be85591ae8652ffa9ef0f4d37063b0e');
    const blind = scalarLE('64d37aed22a27f5191de1c1d69fadb899d8862b58eb4220029e036ec4c1f6706');
    const vectors = [
      {
        input: '00',
        blinded: '609a0ae68c15a3cf6903766461307e5c8bb2f95e7e6550e1ffa2dc99e412803c',
        evaluated: '7ec6578ae5120958eb2db1745758ff379e77cb64fe77b0b2d8cc917ea0869c7e',
      },
      {
        input: '5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a',
        blinded: 'da27ef466870f5f15296299850aa088629945a17d1f5b7f5ff043f76b3c06418',
        evaluated: 'b4cbf5a4f1eeda5a63ce7b77c7d23f461db3fcab0dd28e4e17cecb5c90d02c25',
      },
    ];
    for (const { input, blinded, evaluated } of vectors) {
      const point = hash_to_ristretto255(unhex(input), { DST: dst }).multiply(blind);
      expect(hex(point.toBytes())).toBe(blinded);
      expect(hex(decodeWishPoint(unhex(blinded)).multiply(skSm).toBytes())).toBe(evaluated);
    }
  });

  it('hash_to_ristretto255 with its suite DST matches noble-curves’ vector', () => {
    const point = hash_to_ristretto255(new Uint8Array(10).fill(5), {
      DST: 'ristretto255_XMD:SHA-512_R255MAP_RO_',
    });
    expect(hex(point.toBytes())).toBe(
      'be2194e53cc014665821003f8ecf49e99b7cd16f5326e53f234ecd21c448ee6c',
    );
  });

  it('refuses non-canonical encodings and the identity', () => {
    const bad = [
      '00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // non-canonical
      '0100000000000000000000000000000000000000000000000000000000000000', // negative
      '26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371', // nonsquare x²
      '0000000000000000000000000000000000000000000000000000000000000000', // identity
    ];
    for (const encoding of bad) {
      expect(() => decodeWishPoint(unhex(encoding))).toThrow(E2eError);
    }
    expect(() => decodeWishPoint(new Uint8Array(31))).toThrow(E2eError);
  });
});

/** expand_message_xmd (RFC 9380 §5.3.1) with SHA-512, written here from the RFC text. */
function expandMessageXmd(message: Uint8Array, dst: string, length: number): Uint8Array {
  const dstPrime = new Uint8Array([...ascii(dst), ascii(dst).length]);
  const zPad = new Uint8Array(128);
  const lengthBytes = new Uint8Array([length >> 8, length & 0xff]);
  const b0 = sha512(new Uint8Array([...zPad, ...message, ...lengthBytes, 0, ...dstPrime]));
  const blocks = [sha512(new Uint8Array([...b0, 1, ...dstPrime]))];
  while (blocks.length * 64 < length) {
    const previous = blocks[blocks.length - 1]!;
    const mixed = b0.map((byte, index) => byte ^ previous[index]!);
    blocks.push(sha512(new Uint8Array([...mixed, blocks.length + 1, ...dstPrime])));
  }
  return new Uint8Array(blocks.flatMap((block) => [...block])).slice(0, length);
}

describe('the wishes domain', () => {
  const entropy = new Uint8Array(32).map((_, i) => i);
  const couple = { selfId: 'user-b', partnerId: 'user-a' };

  it('orders the couple the same way on both sides', () => {
    const dst = 'couple-desires wishes v1|user-a|user-b|round-7';
    expect(wishDst(couple, 'round-7')).toBe(dst);
    expect(wishDst({ selfId: 'user-a', partnerId: 'user-b' }, 'round-7')).toBe(dst);
    expect(() => wishDst({ selfId: 'a|b', partnerId: 'c' }, 'r')).toThrow(RangeError);
  });

  it('hashes an item and derives the scalar as the spec says (recomputed outside the code)', async () => {
    const dst = wishDst(couple, 'round-7');
    const expected = ristretto255.Point.hashToCurve(expandMessageXmd(ascii('c:massage'), dst, 64));
    expect(hex(hashWishItem('c:massage', dst).toBytes())).toBe(hex(expected.toBytes()));

    const label = 'couple-desires wishes v1 scalar';
    const okm = new Uint8Array(
      hkdfSync('sha256', entropy, ascii(label), ascii(`${label}|user-a|user-b|round-7`), 64),
    );
    const order = ristretto255.Point.Fn.ORDER;
    const scalar = BigInt(`0x${hex(okm.reverse())}`) % order;
    expect(await deriveWishScalar(entropy, couple, 'round-7')).toBe(scalar);
    expect(await deriveWishScalar(entropy, couple, 'round-8')).not.toBe(scalar);
  });

  it('keeps a frozen vector of an offered point', async () => {
    const dst = wishDst(couple, 'round-7');
    const scalar = await deriveWishScalar(entropy, couple, 'round-7');
    expect(hex(hashWishItem('c:massage', dst).multiply(scalar).toBytes())).toBe(
      '76d7919e01b1e4782b241f854993c097272bffbbcf39964400bff1505e0b1d41',
    );
  });
});
