/**
 * The exponentiation of private wish matching: X25519 (RFC 7748) on Montgomery u-coordinates,
 * through native WebCrypto where the browser has it (about ten times faster than a ristretto255
 * multiplication in JavaScript), else `@noble/curves`' x25519 with the same results.
 * docs/security.md, "Private wish matching", says why this is the ristretto255 exponentiation.
 */
import { x25519 } from '@noble/curves/ed25519';
import { E2eError, type WebCryptoKey } from '../e2e/suite.js';
import { WISH_POINT_BYTES } from './constants.js';

/** A person's secret of one round: a non-extractable WebCrypto key, or raw bytes for noble. */
export type WishScalar =
  { kind: 'webcrypto'; key: WebCryptoKey } | { kind: 'noble'; bytes: Uint8Array<ArrayBuffer> };

const X25519 = { name: 'X25519' } as const;
/** PKCS #8 PrivateKeyInfo of an X25519 key (RFC 8410) up to the 32 private bytes. */
const PKCS8_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x6e,
  0x04,
  0x22,
  0x04,
  0x20,
);
const FIELD_P = 2n ** 255n - 19n;

/**
 * The canonical u of the points of order dividing 8 (cr.yp.to/ecdh.html#validate): raised by
 * any clamped scalar they give zero, so they are refused when received, before any use.
 */
const LOW_ORDER_U = new Set(
  [
    0n,
    1n,
    325606250916557431795983626356110631294008115727848805560023387167927233504n,
    39382357235489614581723060781553021112529911719440698176882885853963445705823n,
    FIELD_P - 1n,
  ].map((u) => u.toString(16)),
);

function uOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/**
 * Checks a u-coordinate received in a round: 32 bytes, the top bit clear (RFC 7748 masks it, so
 * a set bit would be a second spelling of the same value), u < p, and not of low order.
 */
export function assertWishElement(bytes: Uint8Array): void {
  if (bytes.length !== WISH_POINT_BYTES || bytes[WISH_POINT_BYTES - 1]! & 0x80) {
    throw new E2eError('Malformed');
  }
  const u = uOf(bytes);
  if (u >= FIELD_P || LOW_ORDER_U.has(u.toString(16))) throw new E2eError('Malformed');
}

/** RFC 7748 §5.2, the first vector: the feature test computes it natively. */
const PROBE = {
  scalar: 'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
  u: 'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
  out: 'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
};
const fromHex = (text: string) =>
  new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16)));
const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

let nativeSupport: Promise<boolean> | undefined;

/** Whether WebCrypto has X25519 (not older Safari and Firefox): tested once, then cached. */
export function nativeX25519(): Promise<boolean> {
  nativeSupport ??= (async () => {
    try {
      const scalar = await importWishScalar(fromHex(PROBE.scalar), true);
      return toHex(await raiseWishElement(scalar, fromHex(PROBE.u))) === PROBE.out;
    } catch {
      return false;
    }
  })();
  return nativeSupport;
}

/**
 * Imports 32 secret bytes as an X25519 private key (X25519 clamps them). Natively the key is
 * non-extractable; `native` defaults to the feature test's answer.
 */
export async function importWishScalar(bytes: Uint8Array, native?: boolean): Promise<WishScalar> {
  if (bytes.length !== 32) throw new RangeError('An X25519 secret is 32 bytes');
  if (!(native ?? (await nativeX25519()))) return { kind: 'noble', bytes: new Uint8Array(bytes) };
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32);
  pkcs8.set(PKCS8_PREFIX);
  pkcs8.set(bytes, PKCS8_PREFIX.length);
  const key = await globalThis.crypto.subtle.importKey('pkcs8', pkcs8, X25519, false, [
    'deriveBits',
  ]);
  return { kind: 'webcrypto', key };
}

/**
 * X25519(scalar, u). Any failure, or the all-zero output of a low-order input, is Malformed:
 * only a received value can cause it.
 */
export async function raiseWishElement(scalar: WishScalar, u: Uint8Array): Promise<Uint8Array> {
  let out: Uint8Array;
  try {
    if (scalar.kind === 'noble') {
      out = x25519.scalarMult(scalar.bytes, u);
    } else {
      const subtle = globalThis.crypto.subtle;
      const key = await subtle.importKey('raw', new Uint8Array(u), X25519, true, []);
      out = new Uint8Array(await subtle.deriveBits({ ...X25519, public: key }, scalar.key, 256));
    }
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  if (out.every((byte) => byte === 0)) throw new E2eError('Malformed');
  return out;
}
