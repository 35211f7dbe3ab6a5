import { describe, expect, it } from 'vitest';
import { E2eError } from '../e2e/suite.js';
import { WISH_ITEM_TEXT_MAX, WISH_SET_MAX } from './constants.js';
import { openWishItem, sealWishItem } from './items.js';
import { openWishMatches, sealWishMatches } from './matches.js';
import { catalogItems, testCouple } from './test-helpers.js';

describe('wish matches', () => {
  it('are opened by the owner and by the partner, bound to the owner', async () => {
    const { alice, bob, aliceId, bobId } = await testCouple();
    const owner = { selfId: aliceId, partnerId: bobId };
    const sealed = await sealWishMatches({
      couple: owner,
      identity: alice,
      partnerPublicKey: bob.publicKey,
      roundId: 'round-3',
      matches: ['c:massage', 'c:dance', 'c:dance'],
    });
    const expected = { roundId: 'round-3', matches: ['c:dance', 'c:massage'] };
    const open = (identity: typeof alice, senderPublicKey: string, couple = owner) =>
      openWishMatches({ couple, identity, senderPublicKey, sealed });
    expect(await open(alice, alice.publicKey)).toEqual(expected);
    expect(await open(bob, alice.publicKey)).toEqual(expected);
    // Passed off as Bob's list, or opened as if Bob had sealed it: refused.
    await expect(open(bob, alice.publicKey, { selfId: bobId, partnerId: aliceId })).rejects.toThrow(
      E2eError,
    );
    await expect(open(alice, bob.publicKey)).rejects.toThrow(E2eError);
  });

  it('have one length from 0 to WISH_SET_MAX matches', async () => {
    const { alice, bob, aliceId, bobId } = await testCouple();
    const seal = (matches: string[]) =>
      sealWishMatches({
        couple: { selfId: aliceId, partnerId: bobId },
        identity: alice,
        partnerPublicKey: bob.publicKey,
        roundId: crypto.randomUUID(),
        matches,
      });
    const longIds = catalogItems(WISH_SET_MAX, `c:${'x'.repeat(56)}`);
    const lengths = new Set(
      (await Promise.all([seal([]), seal(['c:a']), seal(longIds)])).map((s) => s.content.length),
    );
    expect(lengths.size).toBe(1);
    await expect(seal(catalogItems(WISH_SET_MAX + 1))).rejects.toThrow(RangeError);
  });
});

describe('custom wish items', () => {
  it('round-trip for both partners, bound to the item and the proposer', async () => {
    const { alice, bob, aliceId, bobId } = await testCouple();
    const itemId = `u:${crypto.randomUUID()}`;
    const text = 'Breakfast in bed, then back to sleep 🥐';
    const sealed = await sealWishItem({
      itemId,
      couple: { selfId: aliceId, partnerId: bobId },
      identity: alice,
      partnerPublicKey: bob.publicKey,
      text,
    });
    const open = (over: Partial<Parameters<typeof openWishItem>[0]> = {}) =>
      openWishItem({
        itemId,
        proposerId: aliceId,
        couple: { selfId: bobId, partnerId: aliceId },
        identity: bob,
        senderPublicKey: alice.publicKey,
        sealed,
        ...over,
      });
    expect(await open()).toBe(text);
    expect(await open({ identity: alice, couple: { selfId: aliceId, partnerId: bobId } })).toBe(
      text,
    );
    await expect(open({ itemId: `u:${crypto.randomUUID()}` })).rejects.toThrow(E2eError);
    await expect(open({ proposerId: bobId, senderPublicKey: bob.publicKey })).rejects.toThrow(
      E2eError,
    );
  });

  it('have one length whatever the text, and refuse too long a text', async () => {
    const { alice, bob, aliceId, bobId } = await testCouple();
    const seal = (text: string) =>
      sealWishItem({
        itemId: 'u:1',
        couple: { selfId: aliceId, partnerId: bobId },
        identity: alice,
        partnerPublicKey: bob.publicKey,
        text,
      });
    const texts = [
      'a',
      '中'.repeat(WISH_ITEM_TEXT_MAX),
      'é'.repeat(WISH_ITEM_TEXT_MAX),
      '😀'.repeat(WISH_ITEM_TEXT_MAX / 2),
    ];
    const sealed = await Promise.all(texts.map(seal));
    expect(new Set(sealed.map((s) => s.content.length)).size).toBe(1);
    await expect(seal('a'.repeat(WISH_ITEM_TEXT_MAX + 1))).rejects.toThrow(RangeError);
    await expect(seal('  ')).rejects.toThrow(RangeError);
  });
});
