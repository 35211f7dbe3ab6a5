/** Shared by the wishes tests: a couple with fresh identities and the round inputs of each side. */
import { createIdentity, type Identity } from '../e2e/identity.js';
import {
  completeWishRound,
  finishWishRound,
  replyToWishRound,
  startWishRound,
  type WishRoundBase,
} from './round.js';

export interface TestCouple {
  alice: Identity;
  bob: Identity;
  aliceId: string;
  bobId: string;
}

export async function testCouple(): Promise<TestCouple> {
  const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
  return { alice, bob, aliceId: crypto.randomUUID(), bobId: crypto.randomUUID() };
}

/** Alice's side of a round (she starts), and Bob's. */
export function sides(couple: TestCouple, roundId: string): { a: WishRoundBase; b: WishRoundBase } {
  return {
    a: {
      roundId,
      couple: { selfId: couple.aliceId, partnerId: couple.bobId },
      identity: couple.alice,
      partnerPublicKey: couple.bob.publicKey,
    },
    b: {
      roundId,
      couple: { selfId: couple.bobId, partnerId: couple.aliceId },
      identity: couple.bob,
      partnerPublicKey: couple.alice.publicKey,
    },
  };
}

export const catalogItems = (count: number, prefix = 'c:item'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

/** A whole round, Alice (a) starting and Bob (b) replying, with every message and result. */
export async function playRound(
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
