/** Shared by the wishes tests: a couple with fresh identities and the round inputs of each side. */
import { createIdentity, type Identity } from '../e2e/identity.js';
import type { WishRoundBase } from './round.js';

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
