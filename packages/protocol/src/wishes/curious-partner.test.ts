import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import type { SealedWishBlob } from './constants.js';
import { contentDigest } from './envelope.js';
import { deriveWishSecret, hashWishItem, pointKey, wishDst } from './psi.js';
import { openRoundMessage } from './round-messages.js';
import { catalogItems, playRound, sides, testCouple, type TestCouple } from './test-helpers.js';

/**
 * Plays Alice's device as a curious partner: it keeps everything it receives and holds (its own
 * identity, so its round secret, included) and brute-forces the whole 64-item catalog against it.
 * Bob answered yes, maybe or no; only his yeses enter the round ("count my maybe as a yes" off).
 */
const CATALOG = catalogItems(64, 'c:wish');
type Answer = 'yes' | 'maybe' | 'no';

function bobsYeses(answers: ReadonlyMap<string, Answer>): string[] {
  return CATALOG.filter((item) => answers.get(item) === 'yes');
}

interface View {
  /** Alice's exponent as X25519 applies it: the clamped secret divided by the cofactor 8. */
  exponent: bigint;
  dst: string;
  /** Every point Alice's device holds: her offer, Bob's reply (both arrays), her finish. */
  arrays: Record<'offer' | 'reblinded' | 'bobs' | 'finish', Uint8Array[]>;
}

async function aliceView(
  couple: TestCouple,
  roundId: string,
  aliceItems: readonly string[],
  bobItems: readonly string[],
): Promise<{ view: View; matches: string[]; partnerSetSize: number; bobMatches: string[] }> {
  const { a, b } = sides(couple, roundId);
  const { offer, reply, finished, completed } = await playRound(a, b, aliceItems, bobItems);
  const open = async (
    kind: 'offer' | 'reply' | 'finish',
    sealed: SealedWishBlob,
    fromAlice: boolean,
    answers?: SealedWishBlob,
  ) =>
    openRoundMessage({
      kind,
      context: {
        roundId,
        senderId: fromAlice ? couple.aliceId : couple.bobId,
        receiverId: fromAlice ? couple.bobId : couple.aliceId,
        answers: answers ? await contentDigest(answers.content) : undefined,
      },
      sealed,
      identity: couple.alice,
      senderPublicKey: fromAlice ? couple.alice.publicKey : couple.bob.publicKey,
    });
  const [offered] = await open('offer', offer, true);
  const [reblinded, bobs] = await open('reply', reply, false, offer);
  const [finish] = await open('finish', finished.finish, true, reply);
  const view: View = {
    exponent: clampedExponent(await deriveWishSecret(couple.alice.entropy, a.couple, roundId)),
    dst: wishDst(a.couple, roundId),
    arrays: {
      offer: offered!.encoded,
      reblinded: reblinded!.encoded,
      bobs: bobs!.encoded,
      finish: finish!.encoded,
    },
  };
  return {
    view,
    matches: finished.matches,
    partnerSetSize: finished.partnerSetSize,
    bobMatches: completed.matches,
  };
}

type Point = InstanceType<typeof ed25519.Point>;

/** X25519 clamps the secret to k = 8m; [k]P = [m]([8]P), [8]P in the prime-order subgroup. */
function clampedExponent(secret: Uint8Array): bigint {
  let k = 0n;
  for (let i = 31; i >= 0; i -= 1) k = (k << 8n) | BigInt(secret[i]!);
  k = (k & ~7n & ((1n << 255n) - 1n)) | (1n << 254n);
  return (k / 8n) % ed25519.Point.Fn.ORDER;
}

/** H(c) in the Edwards group, torsion cleared ([8]H(c)): what X25519 exponentiates. */
function hashedPoint(item: string, dst: string): Point {
  return ed25519.Point.fromAffine(hashWishItem(item, dst).toAffine()).multiply(8n);
}

/** The u-coordinate a round carries for a point (as X25519 would output it). */
const uOf = (point: Point) => ed25519.utils.toMontgomery(point.toBytes());

/**
 * What a brute force over the catalog concludes from a view: which items' candidate points
 * (u of H(c), of H(c)^a, and of sums and differences of two of either) appear among the points that came from Bob or were
 * derived from his (reblinded offer, his points, the finish), how many of the reblinded offer
 * meet the finish (the matches), and the size of his set.
 */
function bruteForce(view: View) {
  const fromBob = new Set(
    [...view.arrays.reblinded, ...view.arrays.bobs, ...view.arrays.finish].map(pointKey),
  );
  const own = new Set(view.arrays.offer.map(pointKey));
  const hashed = CATALOG.map((item) => hashedPoint(item, view.dst));
  const raised = hashed.map((point) => point.multiply(view.exponent));
  const revealed = new Set<string>();
  const test = (point: Point, ...items: string[]) => {
    if (point.is0()) return;
    if (fromBob.has(pointKey(uOf(point)))) items.forEach((item) => revealed.add(item));
  };
  CATALOG.forEach((item, i) => {
    test(hashed[i]!, item);
    test(raised[i]!, item);
    for (let j = i + 1; j < CATALOG.length; j += 1) {
      test(hashed[i]!.add(hashed[j]!), item, CATALOG[j]!);
      test(raised[i]!.add(raised[j]!), item, CATALOG[j]!);
      test(raised[i]!.subtract(raised[j]!), item, CATALOG[j]!);
    }
  });
  const finish = new Set(view.arrays.finish.map(pointKey));
  const matchedOwn = view.arrays.reblinded.filter((bytes) => finish.has(pointKey(bytes))).length;
  const ownItems = CATALOG.filter((_, i) => own.has(pointKey(uOf(raised[i]!))));
  return {
    revealed: [...revealed].sort(),
    matchCount: matchedOwn,
    bobSetSize: view.arrays.bobs.length,
    ownItems,
  };
}

describe('a curious partner', () => {
  const aliceItems = CATALOG.slice(0, 24);
  const answers = new Map<string, Answer>(
    CATALOG.map((item, i) => [item, (['yes', 'maybe', 'no'] as const)[i % 3]!]),
  );

  it('learns the matches and the size of the other yes-set, and no other answer', async () => {
    const couple = await testCouple();
    const bobItems = bobsYeses(answers);
    const result = await aliceView(couple, 'round-curious', aliceItems, bobItems);
    const mutual = aliceItems.filter((item) => answers.get(item) === 'yes').sort();
    expect(result.matches).toEqual(mutual);
    expect(result.bobMatches).toEqual(mutual);
    expect(result.partnerSetSize).toBe(bobItems.length);

    const conclusions = bruteForce(result.view);
    // No candidate from the catalog meets a point that came from Bob: his items outside the
    // intersection (and his maybes and noes) stay hidden, and so do the matches' positions in his
    // list; the matches come only from the protocol's own equality test.
    expect(conclusions.revealed).toEqual([]);
    expect(conclusions.matchCount).toBe(mutual.length);
    expect(conclusions.bobSetSize).toBe(bobItems.length);
    expect(conclusions.ownItems).toEqual(aliceItems);

    // Control: had Bob sent his items merely hashed, or a sum of two, the same brute force finds them.
    const leaky = bobItems.slice(0, 3).map((item) => hashedPoint(item, result.view.dst));
    const leakyView: View = {
      ...result.view,
      arrays: {
        ...result.view.arrays,
        bobs: [uOf(leaky[0]!), uOf(leaky[1]!.add(leaky[2]!))],
      },
    };
    expect(bruteForce(leakyView).revealed).toEqual(bobItems.slice(0, 3).sort());
  }, 120_000);

  it('cannot tell two worlds apart that differ only in a non-matching answer', async () => {
    const couple = await testCouple();
    const outside = CATALOG.filter((item) => !aliceItems.includes(item));
    const [first, second] = [outside[0]!, outside[1]!];
    // World pairs: a maybe turned to no; a yes moved from one non-matching item to another.
    const pairs: [Map<string, Answer>, Map<string, Answer>][] = [
      [new Map([...answers, [first, 'maybe']]), new Map([...answers, [first, 'no']])],
      [
        new Map([...answers, [first, 'yes'], [second, 'no']]),
        new Map([...answers, [first, 'no'], [second, 'yes']]),
      ],
    ];
    for (const [index, [one, two]] of pairs.entries()) {
      const roundId = `round-worlds-${index}`;
      const views = await Promise.all(
        [one, two].map((world) => aliceView(couple, roundId, aliceItems, bobsYeses(world))),
      );
      const [c1, c2] = views.map((view) => ({
        ...bruteForce(view.view),
        matches: view.matches,
        size: view.partnerSetSize,
      }));
      expect(c1).toEqual(c2);
    }
  }, 240_000);
});
