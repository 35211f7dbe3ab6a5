/**
 * The group side of private wish matching: Diffie-Hellman PSI over ristretto255 (RFC 9496) with
 * hash_to_ristretto255 (RFC 9380, expand_message_xmd SHA-512). Each side raises the hashed items
 * to its own secret scalar; a point raised by both scalars is the same whoever went first.
 * docs/security.md, "Private wish matching", states the protocol and what each side learns.
 */
import { hash_to_ristretto255, ristretto255 } from '@noble/curves/ed25519';
import { bytesToNumberLE } from '@noble/curves/utils';
import { utf8 } from '../e2e/encoding.js';
import { E2eError } from '../e2e/suite.js';
import {
  WISH_DST_PREFIX,
  WISH_ID_PATTERN,
  WISH_ITEM_ID_MAX,
  WISH_ITEM_ID_PATTERN,
  WISH_POINT_BYTES,
  WISH_SCALAR_LABEL,
  WISH_SET_MAX,
} from './constants.js';

export type WishPoint = InstanceType<typeof ristretto255.Point>;

/** The two people of a couple as one device sees them. */
export interface WishCouple {
  selfId: string;
  partnerId: string;
}

const SCALAR_HKDF_BITS = 512;

export function assertWishId(id: string, what: string): void {
  if (!WISH_ID_PATTERN.test(id)) throw new RangeError(`Invalid ${what}`);
}

export function isWishItemId(id: string): boolean {
  return id.length <= WISH_ITEM_ID_MAX && WISH_ITEM_ID_PATTERN.test(id);
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
 * A person's secret scalar for one round: HKDF-SHA256 of the identity entropy (held by every
 * linked device of that person, so any of them can continue the round), 64 bytes reduced
 * modulo the group order (bias below 2^-250). Derived again at each step, never stored.
 */
export async function deriveWishScalar(
  entropy: Uint8Array<ArrayBuffer>,
  couple: WishCouple,
  roundId: string,
): Promise<bigint> {
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
    SCALAR_HKDF_BITS,
  );
  const scalar = ristretto255.Point.Fn.create(bytesToNumberLE(new Uint8Array(bits)));
  // Probability 2^-252; refusing beats a degenerate exponent.
  if (scalar === 0n) throw new Error('Degenerate wish scalar');
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

/** Decodes a point received in a round: a canonical ristretto255 encoding, not the identity. */
export function decodeWishPoint(bytes: Uint8Array): WishPoint {
  if (bytes.length !== WISH_POINT_BYTES) throw new E2eError('Malformed');
  let point: WishPoint;
  try {
    point = ristretto255.Point.fromBytes(bytes);
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  if (point.is0()) throw new E2eError('Malformed');
  return point;
}

/** A point's encoding as a map key. */
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

export interface BlindedItem {
  itemId: string;
  encoded: Uint8Array;
}

/**
 * H(item)^scalar for each item, sorted by encoding: the order then says nothing about the
 * items, and the owner finds an item again by recomputing its point.
 */
export function blindWishItems(
  items: readonly string[],
  scalar: bigint,
  dst: string,
): BlindedItem[] {
  return items
    .map((itemId) => ({ itemId, encoded: hashWishItem(itemId, dst).multiply(scalar).toBytes() }))
    .sort((a, b) => compareEncodings(a.encoded, b.encoded));
}

/** Raises received (already validated) points to one's own scalar, keeping their order. */
export function raiseWishPoints(points: readonly WishPoint[], scalar: bigint): Uint8Array[] {
  return points.map((point) => point.multiply(scalar).toBytes());
}
