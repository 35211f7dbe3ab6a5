import { describe, expect, it } from 'vitest';
import { createIdentity } from '../e2e/identity.js';
import { isEncryptionDataV2 } from '../e2e/sealed-bytes.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_ITEM_TEXT_MAX, WISH_SEALED_CONTENT_MAX, WISH_SET_MAX } from './constants.js';
import type { SealedWishBlob } from './envelope.js';
import { openWishItem, sealWishItem } from './items.js';
import { openWishMatches, sealWishMatches } from './matches.js';
import { replyToWishRound } from './round.js';
import { catalogItems, playRound, sides, testCouple, type TestCouple } from './test-helpers.js';

/**
 * Plays the server: it stores and relays every blob of a round, the match lists and a custom
 * item, but holds no private key. It must open none of them, and their lengths must not depend
 * on the answers.
 */
async function dump(couple: TestCouple, aCount: number, bCount: number) {
  const { a, b } = sides(couple, crypto.randomUUID());
  const aItems = catalogItems(aCount, `c:${'a'.repeat(50)}`);
  const bItems = catalogItems(bCount, `c:${'a'.repeat(50)}`);
  const { offer, reply, finished } = await playRound(a, b, aItems, bItems);
  const matches = await sealWishMatches({
    couple: a.couple,
    identity: couple.alice,
    partnerPublicKey: couple.bob.publicKey,
    roundId: a.roundId,
    matches: finished.matches,
  });
  const item = await sealWishItem({
    itemId: `u:${crypto.randomUUID()}`,
    couple: a.couple,
    identity: couple.alice,
    partnerPublicKey: couple.bob.publicKey,
    text: 'x'.repeat(aCount === 1 ? 1 : WISH_ITEM_TEXT_MAX),
  });
  return { a, blobs: { offer, reply, finish: finished.finish, matches, item } };
}

const lengths = (blobs: Record<string, SealedWishBlob>) =>
  Object.fromEntries(Object.entries(blobs).map(([kind, blob]) => [kind, blob.content.length]));

describe('the server', () => {
  it('sees one fixed length per kind, each under WISH_SEALED_CONTENT_MAX', async () => {
    const couple = await testCouple();
    const small = lengths((await dump(couple, 1, 1)).blobs);
    const large = lengths((await dump(couple, WISH_SET_MAX, WISH_SET_MAX)).blobs);
    expect(small).toEqual(large);
    expect(large).toEqual({ offer: 10948, reply: 21872, finish: 10948, matches: 22300, item: 504 });
    for (const length of Object.values(large))
      expect(length).toBeLessThanOrEqual(WISH_SEALED_CONTENT_MAX);
  }, 120_000);

  it('cannot open or forge any blob without a private key', async () => {
    const couple = await testCouple();
    const { a, blobs: all } = await dump(couple, 3, 3);
    for (const blob of [all.offer, all.reply, all.finish, all.matches, all.item]) {
      expect(isEncryptionDataV2(blob.encryption_data)).toBe(true);
    }
    // The server's own identity stands in for "a key that is not theirs".
    const server = await createIdentity();
    const asServer = { ...a, identity: server };
    await expect(
      replyToWishRound({ ...asServer, offer: all.offer, items: ['c:x'] }),
    ).rejects.toMatchObject({ reason: 'NoKeyForThisDevice' });
    await expect(
      openWishMatches({
        couple: a.couple,
        identity: server,
        senderPublicKey: couple.alice.publicKey,
        sealed: all.matches,
      }),
    ).rejects.toBeInstanceOf(E2eError);
    await expect(
      openWishItem({
        itemId: 'u:1',
        proposerId: a.couple.selfId,
        couple: a.couple,
        identity: server,
        senderPublicKey: couple.alice.publicKey,
        sealed: all.item,
      }),
    ).rejects.toBeInstanceOf(E2eError);
    // Nor forge: a match list it seals with its own key under Alice's name fails for Bob.
    const forged = await sealWishMatches({
      couple: a.couple,
      identity: server,
      partnerPublicKey: couple.bob.publicKey,
      roundId: a.roundId,
      matches: ['c:forged'],
    });
    await expect(
      openWishMatches({
        couple: a.couple,
        identity: couple.bob,
        senderPublicKey: couple.alice.publicKey,
        sealed: forged,
      }),
    ).rejects.toMatchObject({ reason: 'Tampered' });
  }, 60_000);
});
