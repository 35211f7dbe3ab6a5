/**
 * A person's matches, stored on the server sealed like a note (to the partner's key and the
 * owner's own key), so another device of the owner, linked later, sees them too. The plaintext is
 * padded to one length (the server learns nothing of how many matches there are), and names its
 * round, so the app can tell a stale list from the latest.
 */
import type { Identity } from '../e2e/identity.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_ITEM_ID_MAX, WISH_SET_MAX, isWishItemId } from './constants.js';
import { assertZeroPadding, openWishBytes, sealWishBytes } from './envelope.js';
import type { SealedWishBlob, WishCouple } from './constants.js';
import { assertWishId } from './psi.js';

/** A length byte and up to 64 ASCII bytes, for the round id and for each item id. */
const FIELD_BYTES = 1 + WISH_ITEM_ID_MAX;
const COUNT_BYTES = 2;
const PLAINTEXT_BYTES = FIELD_BYTES + COUNT_BYTES + WISH_SET_MAX * FIELD_BYTES;

/** The owner is the person whose matches these are (and who sealed them). */
function matchesAad(couple: WishCouple): string {
  assertWishId(couple.selfId, 'user id');
  assertWishId(couple.partnerId, 'user id');
  return `wish-matches|${couple.selfId}|${couple.partnerId}`;
}

function writeField(out: Uint8Array, offset: number, text: string): number {
  const bytes = new TextEncoder().encode(text);
  out[offset] = bytes.length;
  out.set(bytes, offset + 1);
  return offset + 1 + bytes.length;
}

function readField(plain: Uint8Array, offset: number): [string, number] {
  const length = plain[offset] ?? 0;
  if (length === 0 || length > WISH_ITEM_ID_MAX) throw new E2eError('Malformed');
  const text = new TextDecoder().decode(plain.subarray(offset + 1, offset + 1 + length));
  return [text, offset + 1 + length];
}

export async function sealWishMatches(input: {
  couple: WishCouple;
  identity: Identity;
  partnerPublicKey: string;
  roundId: string;
  matches: readonly string[];
}): Promise<SealedWishBlob> {
  assertWishId(input.roundId, 'round id');
  const matches = [...new Set(input.matches)].sort();
  if (matches.length > WISH_SET_MAX) throw new RangeError(`At most ${WISH_SET_MAX} matches`);
  if (!matches.every(isWishItemId)) throw new RangeError('Invalid wish item id');
  const plaintext = new Uint8Array(PLAINTEXT_BYTES);
  let offset = writeField(plaintext, 0, input.roundId);
  new DataView(plaintext.buffer).setUint16(offset, matches.length);
  offset += COUNT_BYTES;
  for (const itemId of matches) offset = writeField(plaintext, offset, itemId);
  return sealWishBytes({
    aad: matchesAad(input.couple),
    plaintext,
    identity: input.identity,
    partnerPublicKey: input.partnerPublicKey,
  });
}

/**
 * Opens a match list. `couple` is as the owner sees it (selfId = the owner), whoever opens it;
 * `senderPublicKey` is the owner's key (one's own for one's own list).
 */
export async function openWishMatches(input: {
  couple: WishCouple;
  identity: Identity;
  senderPublicKey: string;
  sealed: SealedWishBlob;
}): Promise<{ roundId: string; matches: string[] }> {
  const plain = await openWishBytes({
    aad: matchesAad(input.couple),
    sealed: input.sealed,
    identity: input.identity,
    senderPublicKey: input.senderPublicKey,
    plaintextLength: PLAINTEXT_BYTES,
  });
  const [roundId, afterRound] = readField(plain, 0);
  let offset = afterRound;
  const count = new DataView(plain.buffer, plain.byteOffset).getUint16(offset);
  if (count > WISH_SET_MAX) throw new E2eError('Malformed');
  offset += COUNT_BYTES;
  const matches: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const [itemId, next] = readField(plain, offset);
    if (!isWishItemId(itemId)) throw new E2eError('Malformed');
    matches.push(itemId);
    offset = next;
  }
  assertZeroPadding(plain, offset);
  try {
    assertWishId(roundId, 'round id');
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  return { roundId, matches };
}
