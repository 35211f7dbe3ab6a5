import { createHash, hkdfSync } from 'node:crypto';
import { ed25519, hash_to_ristretto255, ristretto255 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { E2eError } from '../e2e/suite.js';
import {
  blindWishItems,
  deriveWishScalar,
  deriveWishSecret,
  hashWishItem,
  wishDst,
  wishElement,
} from './psi.js';
import { assertWishElement, importWishScalar, raiseWishElement } from './x25519.js';

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
      expect(hex(ristretto255.Point.fromBytes(unhex(blinded)).multiply(skSm).toBytes())).toBe(
        evaluated,
      );
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

  it('hashes an item and derives the secret as the spec says (recomputed outside the code)', async () => {
    const dst = wishDst(couple, 'round-7');
    const expected = ristretto255.Point.hashToCurve(expandMessageXmd(ascii('c:massage'), dst, 64));
    expect(hex(hashWishItem('c:massage', dst).toBytes())).toBe(hex(expected.toBytes()));
    // u = (1 + y) / (1 - y) of the Edwards representative, as noble converts an ed25519 key.
    const edwards = ed25519.Point.fromAffine(expected.toAffine()).toBytes();
    expect(hex(wishElement(expected))).toBe(hex(ed25519.utils.toMontgomery(edwards)));

    const label = 'couple-desires wishes v1 scalar';
    const okm = new Uint8Array(
      hkdfSync('sha256', entropy, ascii(label), ascii(`${label}|user-a|user-b|round-7`), 32),
    );
    const secret = await deriveWishSecret(entropy, couple, 'round-7');
    expect(hex(secret)).toBe(hex(okm));
    expect(hex(await deriveWishSecret(entropy, couple, 'round-8'))).not.toBe(hex(okm));
  });

  it('raises like ristretto255 with the clamped scalar, and keeps a frozen vector', async () => {
    const dst = wishDst(couple, 'round-7');
    const secret = await deriveWishSecret(entropy, couple, 'round-7');
    const scalar = await deriveWishScalar(entropy, couple, 'round-7');
    const [blinded] = await blindWishItems(['c:massage'], scalar, dst, 'user-b');
    // X25519 clamps the secret to k = 8m; on the Edwards representative E of H(x) (which may
    // carry a torsion part), [k]E = [m]([8]E) with [8]E in the prime-order subgroup: the same
    // exponentiation in the group, read on one coordinate.
    const k =
      (BigInt(`0x${hex(Uint8Array.from(secret).reverse())}`) & ~7n & ((1n << 255n) - 1n)) |
      (1n << 254n);
    const edwards = ed25519.Point.fromAffine(hashWishItem('c:massage', dst).toAffine());
    const raised = edwards.multiply(8n).multiply((k / 8n) % ed25519.Point.Fn.ORDER);
    expect(hex(blinded!.encoded)).toBe(hex(ed25519.utils.toMontgomery(raised.toBytes())));
    expect(hex(blinded!.encoded)).toBe(
      'a2bf4691c28e7c14b9b177d5121c260da10c507f30557a34d06a3418c8936745',
    );
  });
});

describe('X25519 as the exponentiation', () => {
  // RFC 7748 §5.2.
  const vectors = [
    {
      scalar: 'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
      u: 'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
      out: 'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
    },
    {
      scalar: '4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d',
      u: 'e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493',
      out: '95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957',
    },
  ];

  it.each([true, false])('matches RFC 7748 §5.2 (native %s)', async (native) => {
    for (const { scalar, u, out } of vectors) {
      const key = await importWishScalar(unhex(scalar), native);
      expect(key.kind).toBe(native ? 'webcrypto' : 'noble');
      // The second vector's u has its top bit set: X25519 masks it; rounds refuse it instead.
      expect(hex(await raiseWishElement(key, unhex(u)))).toBe(out);
    }
  });

  it('gives the same results natively and with noble, in either order', async () => {
    const dst = wishDst({ selfId: 'user-a', partnerId: 'user-b' }, 'round-7');
    const a = new Uint8Array(32).map((_, i) => i * 7 + 1);
    const b = new Uint8Array(32).map((_, i) => 255 - i * 3);
    const [aNative, aNoble, bNative, bNoble] = await Promise.all([
      importWishScalar(a, true),
      importWishScalar(a, false),
      importWishScalar(b, true),
      importWishScalar(b, false),
    ]);
    for (const item of ['c:massage', 'c:bath', 'u:8a0c7a52-1a59-4f0f-9d3e-0f1f5a2b3c4d']) {
      const u = wishElement(hashWishItem(item, dst));
      const ua = await raiseWishElement(aNative, u);
      expect(hex(await raiseWishElement(aNoble, u))).toBe(hex(ua));
      const uab = await raiseWishElement(bNative, ua);
      expect(hex(await raiseWishElement(bNoble, ua))).toBe(hex(uab));
      const uba = await raiseWishElement(aNative, await raiseWishElement(bNoble, u));
      expect(hex(uba)).toBe(hex(uab));
    }
  });

  it('refuses low-order, non-canonical and top-bit values', async () => {
    const p = (1n << 255n) - 19n;
    const le = (n: bigint) => unhex(n.toString(16).padStart(64, '0')).reverse();
    const refused = [
      le(0n),
      le(1n),
      le(p - 1n),
      le(325606250916557431795983626356110631294008115727848805560023387167927233504n),
      le(p), // non-canonical spellings of 0 and 1
      le(p + 1n),
      le(p + 9n), // 9 + p: the base point's u, non-canonical
      unhex(vectors[1]!.u), // the top bit set
      new Uint8Array(31),
    ];
    for (const bytes of refused) expect(() => assertWishElement(bytes)).toThrow(E2eError);
    assertWishElement(le(9n));
    // Raising a low-order value gives zero: refused as Malformed on both paths.
    for (const native of [true, false]) {
      const key = await importWishScalar(unhex(vectors[0]!.scalar), native);
      await expect(raiseWishElement(key, le(0n))).rejects.toMatchObject({ reason: 'Malformed' });
      await expect(raiseWishElement(key, le(1n))).rejects.toMatchObject({ reason: 'Malformed' });
    }
  });
});
