/**
 * The group side of private wish matching: Diffie-Hellman PSI with hash_to_ristretto255 (RFC 9380,
 * expand_message_xmd SHA-512, then the RFC 9496 one-way map) and X25519 (RFC 7748) as the
 * exponentiation. An item's element is the Montgomery u-coordinate of its hashed point; each side
 * raises elements to its own secret, and an element raised by both secrets is the same whoever
 * went first. docs/security.md, "Private wish matching", states the protocol, what each side
 * learns, and why the u-coordinate and X25519 are well defined on ristretto255 classes.
 */
import { hash_to_ristretto255, ristretto255 } from '@noble/curves/ed25519';
import { utf8 } from '../e2e/encoding.js';
import {
  WISH_DST_PREFIX,
  WISH_ID_PATTERN,
  isWishItemId,
  WISH_SCALAR_LABEL,
  WISH_SET_MAX,
  type WishCouple,
} from './constants.js';
import { importWishScalar, raiseWishElement, type WishScalar } from './x25519.js';

export type WishPoint = InstanceType<typeof ristretto255.Point>;

/** X25519 takes 32 secret bytes. */
const SECRET_BITS = 256;

export function assertWishId(id: string, what: string): void {
  if (!WISH_ID_PATTERN.test(id)) throw new RangeError(`Invalid ${what}`);
}

/** The couple's ids in a fixed order, so both partners build the same domain strings. */
function orderedIds(couple: WishCouple): [string, string] {
  assertWishId(couple.selfId, 'user id');
  assertWishId(couple.partnerId, 'user id');
  if (couple.selfId === couple.partnerId) throw new RangeError('A couple is two people');
  return couple.selfId < couple.partnerId
    ? [couple.selfId, couple.partnerId]
    : [couple.partnerId, couple.selfId];
}

/** The hash-to-group domain separation tag of one round of one couple. */
export function wishDst(couple: WishCouple, roundId: string): string {
  assertWishId(roundId, 'round id');
  const [lower, higher] = orderedIds(couple);
  return `${WISH_DST_PREFIX}|${lower}|${higher}|${roundId}`;
}

export function hashWishItem(itemId: string, dst: string): WishPoint {
  return hash_to_ristretto255(utf8(itemId), { DST: dst });
}

/**
 * The u-coordinate (32 bytes, little-endian) of a point's Edwards representative:
 * u = (1 + y) / (1 - y). Every representative of a ristretto255 class gives the same X25519
 * results (docs/security.md); the identity's class has no usable u and the hash never yields it.
 */
export function wishElement(point: WishPoint): Uint8Array {
  const Fp = ristretto255.Point.Fp;
  const { y } = point.toAffine();
  const u = Fp.div(Fp.add(Fp.ONE, y), Fp.sub(Fp.ONE, y));
  if (Fp.is0(u) || Fp.eql(u, Fp.ONE) || Fp.eql(u, Fp.neg(Fp.ONE))) {
    throw new Error('Degenerate wish element');
  }
  return Fp.toBytes(u);
}

/**
 * A person's 32 secret bytes for one round: HKDF-SHA256 of the identity entropy (held by every
 * linked device of that person, so any of them can continue the round). X25519 clamps them.
 */
export async function deriveWishSecret(
  entropy: Uint8Array<ArrayBuffer>,
  couple: WishCouple,
  roundId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const [lower, higher] = orderedIds(couple);
  assertWishId(roundId, 'round id');
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', entropy, 'HKDF', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: utf8(WISH_SCALAR_LABEL),
      info: utf8(`${WISH_SCALAR_LABEL}|${lower}|${higher}|${roundId}`),
    },
    key,
    SECRET_BITS,
  );
  return new Uint8Array(bits);
}

/** The round secret as an X25519 key, imported once per step: derived again each step, never stored. */
export async function deriveWishScalar(
  entropy: Uint8Array<ArrayBuffer>,
  couple: WishCouple,
  roundId: string,
): Promise<WishScalar> {
  const bytes = await deriveWishSecret(entropy, couple, roundId);
  const scalar = await importWishScalar(bytes);
  // The noble fallback keeps its own copy; the WebCrypto key holds it out of reach.
  bytes.fill(0);
  return scalar;
}

/** De-duplicates and checks the items one side brings to a round. */
export function normalizeWishItems(items: readonly string[]): string[] {
  const unique = [...new Set(items)];
  if (unique.length > WISH_SET_MAX) {
    throw new RangeError(`At most ${WISH_SET_MAX} wishes per round`);
  }
  for (const id of unique) {
    if (!isWishItemId(id)) throw new RangeError('Invalid wish item id');
  }
  return unique;
}

/** An element's encoding as a map key. */
export function pointKey(bytes: Uint8Array): string {
  let key = '';
  for (const byte of bytes) key += byte.toString(16).padStart(2, '0');
  return key;
}

export function compareEncodings(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/**
 * Hashed elements of the recent rounds on this device, per owner and DST, so a later step (finish,
 * complete) reuses what an earlier one (start, reply) computed. Bounded: the last two rounds, at
 * most two rounds' worth of items each. Another device simply recomputes them.
 */
const HASHED_ROUNDS = 2;
const hashed = new Map<string, Map<string, Uint8Array>>();

function hashedElement(itemId: string, dst: string, owner: string): Uint8Array {
  const key = `${owner}|${dst}`;
  let round = hashed.get(key);
  if (!round) {
    round = new Map();
    hashed.set(key, round);
    for (const oldest of hashed.keys()) {
      if (hashed.size <= HASHED_ROUNDS) break;
      hashed.delete(oldest);
    }
  }
  let element = round.get(itemId);
  if (!element) {
    element = wishElement(hashWishItem(itemId, dst));
    if (round.size < 2 * WISH_SET_MAX) round.set(itemId, element);
  }
  return element;
}

export interface BlindedItem {
  itemId: string;
  encoded: Uint8Array;
}

/**
 * X25519(scalar, u(H(item))) for each item, sorted by encoding: the order then says nothing about
 * the items, and the owner finds an item again by recomputing its value. `owner` (this device's
 * user id) keys the cache of hashed elements.
 */
export async function blindWishItems(
  items: readonly string[],
  scalar: WishScalar,
  dst: string,
  owner: string,
): Promise<BlindedItem[]> {
  const blinded = await Promise.all(
    items.map(async (itemId) => ({
      itemId,
      encoded: await raiseWishElement(scalar, hashedElement(itemId, dst, owner)),
    })),
  );
  return blinded.sort((a, b) => compareEncodings(a.encoded, b.encoded));
}

/** Raises received (already validated) elements to one's own scalar, keeping their order. */
export function raiseWishPoints(
  elements: readonly Uint8Array[],
  scalar: WishScalar,
): Promise<Uint8Array[]> {
  return Promise.all(elements.map((element) => raiseWishElement(scalar, element)));
}
