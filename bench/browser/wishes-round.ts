/**
 * Runs in Chromium (bundled by bench/wishes-round.ts): one wishes round between two partners of
 * `count` items each (a third of them mutual), timing each device's share (A: start + finish;
 * B: reply + complete) and the whole round, beside `count` plain SHA-256 hashes in the same page.
 */
import {
  completeWishRound,
  createIdentity,
  finishWishRound,
  replyToWishRound,
  startWishRound,
} from '../../packages/protocol/src/browser.js';

export interface WishesRoundResult {
  count: number;
  startMs: number;
  replyMs: number;
  finishMs: number;
  completeMs: number;
  roundMs: number;
  hashMs: number;
  matches: number;
  expectedMatches: number;
}

async function run(count: number): Promise<WishesRoundResult> {
  const [alice, bob] = [await createIdentity(), await createIdentity()];
  const aliceId = crypto.randomUUID();
  const bobId = crypto.randomUUID();
  const roundId = crypto.randomUUID();
  const aItems = Array.from({ length: count }, (_, i) => `c:wish-${i}`);
  const bItems = aItems.map((item, i) => (i % 3 === 0 ? item : `u:${crypto.randomUUID()}`));
  const a = {
    roundId,
    couple: { selfId: aliceId, partnerId: bobId },
    identity: alice,
    partnerPublicKey: bob.publicKey,
  };
  const b = {
    roundId,
    couple: { selfId: bobId, partnerId: aliceId },
    identity: bob,
    partnerPublicKey: alice.publicKey,
  };

  const timed = async <T>(step: () => Promise<T>): Promise<[T, number]> => {
    const start = performance.now();
    const value = await step();
    return [value, performance.now() - start];
  };
  const [offer, startMs] = await timed(() => startWishRound({ ...a, items: aItems }));
  const [reply, replyMs] = await timed(() => replyToWishRound({ ...b, offer, items: bItems }));
  const [finished, finishMs] = await timed(() =>
    finishWishRound({ ...a, offer, reply, items: aItems }),
  );
  const [completed, completeMs] = await timed(() =>
    completeWishRound({ ...b, offer, reply, finish: finished.finish, items: bItems }),
  );

  const encoder = new TextEncoder();
  const hashStart = performance.now();
  for (const item of aItems) await crypto.subtle.digest('SHA-256', encoder.encode(item));
  const hashMs = performance.now() - hashStart;

  const expectedMatches = Math.ceil(count / 3);
  const agree = completed.matches.join() === finished.matches.join();
  return {
    count,
    startMs,
    replyMs,
    finishMs,
    completeMs,
    roundMs: startMs + replyMs + finishMs + completeMs,
    hashMs,
    matches: agree ? finished.matches.length : -1,
    expectedMatches,
  };
}

(globalThis as { runWishesRound?: typeof run }).runWishesRound = run;
