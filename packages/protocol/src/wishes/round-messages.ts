/**
 * The three messages of a round (offer, reply, finish): arrays of ristretto255 points, encoded
 * as one 2-byte count per array, then the points, then zeros up to WISH_SET_MAX points per
 * array, so every message of a kind has one length whatever the set sizes. Each is sealed in
 * the wishes envelope with an aad naming its kind, round, sender and receiver; a reply also names
 * the digest of its offer and a finish that of its reply, so a step cannot be answered out of
 * its own round's transcript.
 */
import type { IdentityKeys } from '../e2e/identity.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_POINT_BYTES, WISH_SET_MAX } from './constants.js';
import {
  assertZeroPadding,
  openWishBytes,
  sealWishBytes,
  type SealedWishBlob,
} from './envelope.js';
import { assertWishId, compareEncodings, decodeWishPoint, type WishPoint } from './psi.js';

export type RoundMessageKind = 'offer' | 'reply' | 'finish';

/** How many point arrays each kind carries: reply = (reblinded offer, replier's own points). */
const ARRAYS: Record<RoundMessageKind, number> = { offer: 1, reply: 2, finish: 1 };
/** The arrays that must be strictly increasing by encoding (sorted sets, no duplicates). */
const SORTED: Record<RoundMessageKind, readonly number[]> = {
  offer: [0],
  reply: [1],
  finish: [],
};
const COUNT_BYTES = 2;

export function roundPlaintextLength(kind: RoundMessageKind): number {
  return ARRAYS[kind] * (COUNT_BYTES + WISH_SET_MAX * WISH_POINT_BYTES);
}

export interface RoundMessageContext {
  roundId: string;
  senderId: string;
  receiverId: string;
  /** The content digest of the message this one answers (reply: the offer; finish: the reply). */
  answers?: string;
}

function roundAad(kind: RoundMessageKind, context: RoundMessageContext): string {
  assertWishId(context.roundId, 'round id');
  assertWishId(context.senderId, 'user id');
  assertWishId(context.receiverId, 'user id');
  const base = `wish-${kind}|${context.roundId}|${context.senderId}|${context.receiverId}`;
  if (kind === 'offer') return base;
  if (!context.answers) throw new RangeError(`A ${kind} answers a message`);
  return `${base}|${context.answers}`;
}

function encodeArrays(kind: RoundMessageKind, arrays: readonly Uint8Array[][]): Uint8Array {
  if (arrays.length !== ARRAYS[kind]) throw new RangeError(`Wrong shape for a ${kind}`);
  const out = new Uint8Array(roundPlaintextLength(kind));
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const points of arrays) {
    if (points.length > WISH_SET_MAX) throw new RangeError(`At most ${WISH_SET_MAX} points`);
    view.setUint16(offset, points.length);
    offset += COUNT_BYTES;
  }
  for (const point of arrays.flat()) {
    if (point.length !== WISH_POINT_BYTES) throw new RangeError('A point is 32 bytes');
    out.set(point, offset);
    offset += WISH_POINT_BYTES;
  }
  return out;
}

export interface DecodedArray {
  encoded: Uint8Array[];
  points: WishPoint[];
}

/** Decodes and validates every point: canonical, not the identity, counts bounded, zero padding. */
function decodeArrays(kind: RoundMessageKind, plain: Uint8Array): DecodedArray[] {
  const view = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
  const counts: number[] = [];
  for (let index = 0; index < ARRAYS[kind]; index += 1) {
    const count = view.getUint16(index * COUNT_BYTES);
    if (count > WISH_SET_MAX) throw new E2eError('Malformed');
    counts.push(count);
  }
  let offset = ARRAYS[kind] * COUNT_BYTES;
  const arrays = counts.map((count, index) => {
    const encoded: Uint8Array[] = [];
    for (let i = 0; i < count; i += 1) {
      encoded.push(plain.slice(offset, offset + WISH_POINT_BYTES));
      offset += WISH_POINT_BYTES;
    }
    if (SORTED[kind].includes(index)) {
      for (let i = 1; i < encoded.length; i += 1) {
        if (compareEncodings(encoded[i - 1]!, encoded[i]!) >= 0) throw new E2eError('Malformed');
      }
    }
    return { encoded, points: encoded.map(decodeWishPoint) };
  });
  assertZeroPadding(plain, offset);
  return arrays;
}

export async function sealRoundMessage(input: {
  kind: RoundMessageKind;
  context: RoundMessageContext;
  arrays: readonly Uint8Array[][];
  identity: IdentityKeys;
  partnerPublicKey: string;
}): Promise<SealedWishBlob> {
  const plaintext = encodeArrays(input.kind, input.arrays);
  return sealWishBytes({
    aad: roundAad(input.kind, input.context),
    plaintext: new Uint8Array(plaintext),
    identity: input.identity,
    partnerPublicKey: input.partnerPublicKey,
  });
}

/**
 * Opens a round message; `senderPublicKey` is the partner's key for the partner's messages and
 * one's own key for one's own. Any failure is an E2eError (Tampered, Malformed…).
 */
export async function openRoundMessage(input: {
  kind: RoundMessageKind;
  context: RoundMessageContext;
  sealed: SealedWishBlob;
  identity: IdentityKeys;
  senderPublicKey: string;
}): Promise<DecodedArray[]> {
  const plain = await openWishBytes({
    aad: roundAad(input.kind, input.context),
    sealed: input.sealed,
    identity: input.identity,
    senderPublicKey: input.senderPublicKey,
    plaintextLength: roundPlaintextLength(input.kind),
  });
  return decodeArrays(input.kind, plain);
}
