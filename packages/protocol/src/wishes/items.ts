/**
 * A custom wish's text, proposed by one partner: sealed like a note (to the partner's key and
 * the proposer's own key), bound to the item id and to who proposed it for whom, and padded to
 * one length so the server learns nothing from it.
 */
import type { Identity } from '../e2e/identity.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_ITEM_TEXT_MAX, isWishItemId } from './constants.js';
import { assertZeroPadding, openWishBytes, sealWishBytes } from './envelope.js';
import type { SealedWishBlob, WishCouple } from './constants.js';
import { assertWishId } from './psi.js';

const LENGTH_BYTES = 2;
/** A UTF-16 code unit takes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, takes 4). */
const PLAINTEXT_BYTES = LENGTH_BYTES + 3 * WISH_ITEM_TEXT_MAX;

function itemAad(itemId: string, proposerId: string, partnerId: string): string {
  if (!isWishItemId(itemId)) throw new RangeError('Invalid wish item id');
  assertWishId(proposerId, 'user id');
  assertWishId(partnerId, 'user id');
  return `wish-item|${itemId}|${proposerId}|${partnerId}`;
}

/** Seals a custom item's text, proposed by `couple.selfId` for `couple.partnerId`. */
export async function sealWishItem(input: {
  itemId: string;
  couple: WishCouple;
  identity: Identity;
  partnerPublicKey: string;
  text: string;
}): Promise<SealedWishBlob> {
  if (input.text.trim() === '' || input.text.length > WISH_ITEM_TEXT_MAX) {
    throw new RangeError(`A wish is 1 to ${WISH_ITEM_TEXT_MAX} characters`);
  }
  const bytes = new TextEncoder().encode(input.text);
  const plaintext = new Uint8Array(PLAINTEXT_BYTES);
  new DataView(plaintext.buffer).setUint16(0, bytes.length);
  plaintext.set(bytes, LENGTH_BYTES);
  return sealWishBytes({
    aad: itemAad(input.itemId, input.couple.selfId, input.couple.partnerId),
    plaintext,
    identity: input.identity,
    partnerPublicKey: input.partnerPublicKey,
  });
}

/**
 * Opens a custom item's text. `proposerId` is one of the couple; `senderPublicKey` is the
 * proposer's key (one's own when one proposed it).
 */
export async function openWishItem(input: {
  itemId: string;
  proposerId: string;
  couple: WishCouple;
  identity: Identity;
  senderPublicKey: string;
  sealed: SealedWishBlob;
}): Promise<string> {
  const { selfId, partnerId } = input.couple;
  if (input.proposerId !== selfId && input.proposerId !== partnerId) {
    throw new RangeError('The proposer is one of the couple');
  }
  const other = input.proposerId === selfId ? partnerId : selfId;
  const plain = await openWishBytes({
    aad: itemAad(input.itemId, input.proposerId, other),
    sealed: input.sealed,
    identity: input.identity,
    senderPublicKey: input.senderPublicKey,
    plaintextLength: PLAINTEXT_BYTES,
  });
  const length = new DataView(plain.buffer, plain.byteOffset).getUint16(0);
  if (length === 0 || LENGTH_BYTES + length > PLAINTEXT_BYTES) throw new E2eError('Malformed');
  assertZeroPadding(plain, LENGTH_BYTES + length);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      plain.subarray(LENGTH_BYTES, LENGTH_BYTES + length),
    );
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  if (text.length > WISH_ITEM_TEXT_MAX) throw new E2eError('Malformed');
  return text;
}
