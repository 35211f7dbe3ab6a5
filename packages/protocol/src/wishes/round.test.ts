import { describe, expect, it } from 'vitest';
import { E2eError } from '../e2e/suite.js';
import { WISH_SET_MAX } from './constants.js';
import {
  completeWishRound,
  finishWishRound,
  replyToWishRound,
  startWishRound,
  type WishRoundBase,
} from './round.js';
import { catalogItems, sides, testCouple } from './test-helpers.js';

async function playRound(
  a: WishRoundBase,
  b: WishRoundBase,
  aItems: readonly string[],
  bItems: readonly string[],
) {
  const offer = await startWishRound({ ...a, items: aItems });
  const reply = await replyToWishRound({ ...b, offer, items: bItems });
  const finished = await finishWishRound({ ...a, offer, reply, items: aItems });
  const completed = await completeWishRound({
    ...b,
    offer,
    reply,
    finish: finished.finish,
    items: bItems,
  });
  return { offer, reply, finished, completed };
}

const mutual = (x: readonly string[], y: readonly string[]) =>
  x.filter((item) => y.includes(item)).sort();

describe('a wishes round', () => {
  it('gives both partners exactly the mutual items', async () => {
    const couple = await testCouple();
    const { a, b } = sides(couple, crypto.randomUUID());
    const aItems = ['c:massage', 'c:bath', 'u:2d3c', 'c:dance'];
    const bItems = ['c:dance', 'c:picnic', 'c:massage', 'c:massage'];
    const { finished, completed } = await playRound(a, b, aItems, bItems);
    expect(finished.matches).toEqual(['c:dance', 'c:massage']);
    expect(completed.matches).toEqual(['c:dance', 'c:massage']);
    expect(finished.partnerSetSize).toBe(3);
    expect(completed.partnerSetSize).toBe(4);
  });

  it.each([
    [0, 0],
    [0, 5],
    [1, 1],
    [200, 200],
    [WISH_SET_MAX, WISH_SET_MAX],
  ])(
    'works with sets of %i and %i items',
    async (aCount, bCount) => {
      const couple = await testCouple();
      const { a, b } = sides(couple, crypto.randomUUID());
      const aItems = catalogItems(aCount);
      // Bob's set overlaps Alice's on every third item, plus items of his own.
      const bItems = [
        ...catalogItems(aCount).filter((_, index) => index % 3 === 0),
        ...catalogItems(WISH_SET_MAX, 'u:bob'),
      ].slice(0, bCount);
      const { finished, completed } = await playRound(a, b, aItems, bItems);
      expect(finished.matches).toEqual(mutual(aItems, bItems));
      expect(completed.matches).toEqual(finished.matches);
      expect(finished.partnerSetSize).toBe(bItems.length);
      expect(completed.partnerSetSize).toBe(aItems.length);
    },
    60_000,
  );

  it('refuses more than WISH_SET_MAX items', async () => {
    const couple = await testCouple();
    const { a } = sides(couple, crypto.randomUUID());
    await expect(startWishRound({ ...a, items: catalogItems(WISH_SET_MAX + 1) })).rejects.toThrow(
      RangeError,
    );
  });

  it('maps answers changed between steps to the current sets', async () => {
    const couple = await testCouple();
    const { a, b } = sides(couple, crypto.randomUUID());
    const offer = await startWishRound({ ...a, items: ['c:a', 'c:b', 'c:c'] });
    const reply = await replyToWishRound({ ...b, offer, items: ['c:a', 'c:b', 'c:c', 'c:d'] });
    // Alice dropped c:b and added c:d after her offer: c:d was never offered, so it cannot match.
    const finished = await finishWishRound({ ...a, offer, reply, items: ['c:a', 'c:c', 'c:d'] });
    expect(finished.matches).toEqual(['c:a', 'c:c']);
    // Bob dropped c:c after his reply.
    const completed = await completeWishRound({
      ...b,
      offer,
      reply,
      finish: finished.finish,
      items: ['c:a', 'c:b', 'c:d'],
    });
    expect(completed.matches).toEqual(['c:a', 'c:b']);
  });

  it('fails on a tampered, swapped or replayed message', async () => {
    const couple = await testCouple();
    const { a, b } = sides(couple, 'round-1');
    const items = ['c:a', 'c:b'];
    const { offer, reply, finished } = await playRound(a, b, items, items);
    const other = await playRound(
      sides(couple, 'round-2').a,
      sides(couple, 'round-2').b,
      items,
      items,
    );

    const flipped = offer.content.startsWith('A')
      ? `B${offer.content.slice(1)}`
      : `A${offer.content.slice(1)}`;
    const attempts = [
      () => replyToWishRound({ ...b, offer: { ...offer, content: flipped }, items }),
      // A reply presented as an offer, and an offer of another round.
      () => replyToWishRound({ ...b, offer: reply, items }),
      () => replyToWishRound({ ...b, offer: other.offer, items }),
      // A reply to another round's offer, and a finish of another round.
      () => finishWishRound({ ...a, offer, reply: other.reply, items }),
      () => completeWishRound({ ...b, offer, reply, finish: other.finished.finish, items }),
      // Alice's own offer presented to her as Bob's reply.
      () => finishWishRound({ ...a, offer, reply: offer, items }),
      // Bob opening the finish with the wrong sender key.
      () =>
        completeWishRound({
          ...b,
          partnerPublicKey: couple.bob.publicKey,
          offer,
          reply,
          finish: finished.finish,
          items,
        }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(E2eError);
  });
});
