import { describe, expect, it } from 'vitest';
import type { WishRound } from '@couple/protocol';
import { WISH_ROUND_FINISH_WAIT_MINUTES } from '@couple/protocol/browser';
import { runRoundSteps, startRoundIfNeeded } from './engine.js';
import { answer, couple, ids, sync, type Device } from './engine-devices.test-support.js';
import { countUnfinishedRounds } from './unfinished-rounds.js';

const WAIT_MS = WISH_ROUND_FINISH_WAIT_MINUTES * 60 * 1000;

const unfinishedOf = async (of: Device) =>
  (await of.ctx.store.load(of.ctx.couple.selfId)).unfinishedRounds;

/** A modified client's start: an offer, and never a finish (the next start replaces it). */
async function probe(of: Device): Promise<void> {
  await startRoundIfNeeded(of.ctx, await of.ctx.api.getWishes(), of.preferences);
}

/** The responder's view of the couple's open rounds now. */
async function look(of: Device, now?: number): Promise<void> {
  const state = await of.ctx.api.getWishes();
  await runRoundSteps(of.ctx, state, of.preferences);
  await countUnfinishedRounds(of.ctx, state, now);
}

const openRound = (rounds: Map<string, WishRound>) => [...rounds.values()][0]!;

/** Alice's device offers a round and Bob's replies: from then on hers can compute the matches. */
async function repliedRound() {
  const pair = await couple();
  await answer(pair.alice, { [ids[0]!]: 'yes' });
  await answer(pair.bob, { [ids[0]!]: 'yes' });
  await probe(pair.alice);
  await look(pair.bob);
  expect(openRound(pair.server.rounds).reply).not.toBeNull();
  return pair;
}

describe('rounds the partner’s device did not finish, counted on the responder’s', () => {
  it('counts none of an honest couple’s rounds', async () => {
    const { alice, bob } = await couple();
    await answer(alice, { [ids[0]!]: 'yes', [ids[1]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    for (const step of [alice, bob, alice, bob]) await sync(step);
    await answer(alice, { [ids[1]!]: 'no' });
    for (const step of [alice, bob, alice, bob]) await sync(step);
    await countUnfinishedRounds(bob.ctx, await bob.ctx.api.getWishes(), Date.now() + WAIT_MS);
    expect(await unfinishedOf(bob)).toBe(0);
    expect(await unfinishedOf(alice)).toBe(0);
  });

  it('counts a replied round replaced by the partner’s next one before its finish', async () => {
    const { alice, bob } = await repliedRound();
    await answer(alice, { [ids[1]!]: 'yes' });
    await probe(alice); // replaces the replied round, never finished
    await look(bob);
    expect(await unfinishedOf(bob)).toBe(1);
    // Counted once, however often the device looks.
    await look(bob);
    expect(await unfinishedOf(bob)).toBe(1);
  });

  it('counts a round left open past the wait, until its finish comes', async () => {
    const { server, alice, bob } = await repliedRound();
    const repliedAt = Date.now();
    await look(bob, repliedAt + WAIT_MS - 60_000);
    expect(await unfinishedOf(bob)).toBe(0);
    await look(bob, repliedAt + WAIT_MS + 1_000);
    expect(await unfinishedOf(bob)).toBe(1);
    // Alice's device was only closed: it finishes when it comes back, and the count goes.
    await sync(alice);
    expect(openRound(server.rounds).finish).not.toBeNull();
    await look(bob, repliedAt + WAIT_MS + 2_000);
    expect(await unfinishedOf(bob)).toBe(0);
    expect(server.rounds.size).toBe(0);
  });

  it('does not count a round that this person’s own newer round replaced', async () => {
    const { bob } = await repliedRound();
    await answer(bob, { [ids[1]!]: 'yes' });
    await probe(bob); // Bob's change replaces Alice's round before her device could finish
    await look(bob, Date.now() + WAIT_MS);
    expect(await unfinishedOf(bob)).toBe(0);
  });
});
