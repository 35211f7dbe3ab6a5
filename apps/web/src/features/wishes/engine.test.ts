import { describe, expect, it, vi } from 'vitest';
import { createIdentity, customWishId } from '@couple/protocol/browser';
import { wishCrypto } from './crypto-impl.js';
import { openCustomWishes } from './engine-open.js';
import { debouncer, runRoundSteps } from './engine.js';
import {
  answer,
  couple,
  device,
  ids,
  matchesOf,
  sync,
  BOB,
} from './engine-devices.test-support.js';
import { proposeWish } from './propose.js';

describe('two devices matching through the server', () => {
  it('find exactly the mutual yeses, and the server never holds an answer', async () => {
    const { server, alice, bob } = await couple();
    await answer(alice, {
      [ids[0]!]: 'yes',
      [ids[1]!]: 'yes',
      [ids[2]!]: 'maybe',
      [ids[3]!]: 'no',
    });
    await answer(bob, { [ids[1]!]: 'yes', [ids[2]!]: 'yes', [ids[3]!]: 'yes' });

    await sync(alice); // starts
    expect(server.rounds.size).toBe(1);
    await sync(bob); // replies (its own set was never started: the round it answers is enough)
    await sync(alice); // finishes
    await sync(bob); // completes
    expect(await matchesOf(alice)).toEqual([ids[1]!]);
    expect(await matchesOf(bob)).toEqual([ids[1]!]);
    expect(server.newMatchPushes).toBe(1);
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);

    // Counting a maybe as a yes changes Alice's set: a new round finds the second match.
    alice.preferences = { ...alice.preferences, maybeCountsAsYes: true };
    for (const step of [alice, bob, alice, bob]) await sync(step);
    expect(await matchesOf(alice)).toEqual([ids[1]!, ids[2]!].sort());
    expect(await matchesOf(bob)).toEqual([ids[1]!, ids[2]!].sort());
    expect(server.newMatchPushes).toBe(2);

    // Nothing the server received names a wish: answers stay on the devices.
    expect(JSON.stringify(server.received)).not.toMatch(/c:[a-z]/);
  });

  it('starts no round from a device without answers, which still shows the matches', async () => {
    const { server, alice, bob, keys } = await couple();
    await answer(alice, { [ids[0]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    for (const step of [alice, bob, alice, bob]) await sync(step);

    const linked = device(server, BOB, keys.bob, keys.alice);
    await sync(linked);
    expect(server.rounds.size).toBe(0);
    expect(await matchesOf(linked)).toEqual([ids[0]!]);

    // Alice's next round: the new device does not reply with an empty list; Bob's first one does.
    await answer(alice, { [ids[1]!]: 'yes' });
    await sync(alice);
    await sync(linked);
    expect([...server.rounds.values()][0]?.reply).toBeNull();
    await sync(bob);
    expect([...server.rounds.values()][0]?.reply).not.toBeNull();
  });

  it('matches an emptied list once answered here: the matches go away', async () => {
    const { alice, bob } = await couple();
    await answer(alice, { [ids[0]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    for (const step of [alice, bob, alice, bob]) await sync(step);
    expect(await matchesOf(bob)).toEqual([ids[0]!]);
    await answer(alice, { [ids[0]!]: null });
    for (const step of [alice, bob, alice, bob]) await sync(step);
    expect(await matchesOf(alice)).toEqual([]);
    expect(await matchesOf(bob)).toEqual([]);
  });

  it('drops the step of a superseded round without an error', async () => {
    const { server, alice, bob } = await couple();
    await answer(alice, { [ids[0]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    await sync(alice);
    const stale = await bob.ctx.api.getWishes();
    await answer(alice, { [ids[1]!]: 'yes' });
    await sync(alice); // a new round replaces the first
    await runRoundSteps(bob.ctx, stale, bob.preferences);
    expect(bob.errors).toEqual([]);
    expect(server.rounds.size).toBe(1);
  });

  it('replies to a round id once: not to the round made again, nor after a failed reply', async () => {
    const { server, alice, bob } = await couple();
    await answer(alice, { [ids[0]!]: 'yes', [ids[1]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    await sync(alice);
    await sync(bob); // replies
    // Alice's device deletes the round and makes it again under its id, with another offer,
    // after Bob's answers changed: a second reply would be made under the same scalar.
    const [first] = server.rounds.values();
    const { couple: pair, identity, partnerKey } = alice.ctx;
    const offer = await wishCrypto.startWishRound({
      roundId: first!.id,
      couple: pair,
      identity,
      partnerPublicKey: partnerKey.publicKey,
      items: [ids[1]!],
    });
    server.rounds.set(first!.id, { ...first!, offer, reply: null, finish: null });
    await answer(bob, { [ids[1]!]: 'yes' });
    await runRoundSteps(bob.ctx, await bob.ctx.api.getWishes(), bob.preferences);
    expect(server.rounds.get(first!.id)?.reply).toBeNull();

    // A reply that failed on the way (it may have got there) is not sent again either.
    await answer(alice, { [ids[2]!]: 'yes' });
    await sync(alice);
    const [second] = server.rounds.values();
    const api = bob.ctx.api;
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    bob.ctx = { ...bob.ctx, api: { ...api, replyWishRound: offline } };
    await runRoundSteps(bob.ctx, await api.getWishes(), bob.preferences);
    expect(bob.errors).toHaveLength(1);
    bob.ctx = { ...bob.ctx, api };
    await runRoundSteps(bob.ctx, await api.getWishes(), bob.preferences);
    expect(server.rounds.get(second!.id)?.reply).toBeNull();
    // Bob's device starts a round of its own instead, which finds the matches.
    for (const step of [bob, alice, bob, alice]) await sync(step);
    expect([...server.rounds.values()]).toEqual([]);
    expect(await matchesOf(bob)).toEqual([ids[0]!, ids[1]!].sort());
  });

  it('never answers a round sealed by a key this device does not trust', async () => {
    const { server, alice, bob } = await couple();
    const mallory = await createIdentity();
    bob.ctx = { ...bob.ctx, partnerKey: { keyId: mallory.keyId, publicKey: mallory.publicKey } };
    await answer(alice, { [ids[0]!]: 'yes' });
    await answer(bob, { [ids[0]!]: 'yes' });
    await sync(alice);
    await runRoundSteps(bob.ctx, await bob.ctx.api.getWishes(), bob.preferences);
    expect(bob.errors).toHaveLength(1);
    expect([...server.rounds.values()][0]?.reply).toBeNull();
  });

  it('matches a custom wish, opened with its proposer key, until it is withdrawn', async () => {
    const { server, alice, bob, keys } = await couple();
    const serverId = await proposeWish(alice.ctx, '  Dance on the roof  ');
    const id = customWishId(serverId);
    const trusted = new Map([[keys.alice.keyId, keys.alice.publicKey]]);
    const opened = await openCustomWishes(
      wishCrypto,
      { couple: bob.ctx.couple, identities: [keys.bob], trustedPartnerKeys: trusted },
      (await bob.ctx.api.getWishes()).items,
      (error) => bob.errors.push(error),
    );
    expect(opened).toEqual([{ id, serverId, text: 'Dance on the roof', proposedByMe: false }]);
    expect(JSON.stringify(server.items)).not.toContain('roof');

    await answer(alice, { [id]: 'yes' });
    await answer(bob, { [id]: 'yes', [ids[0]!]: 'yes' });
    for (const step of [alice, bob, alice, bob]) await sync(step);
    expect(await matchesOf(bob)).toEqual([id]);

    await alice.ctx.api.withdrawWish(serverId);
    for (const step of [alice, bob, alice, bob]) await sync(step);
    expect(await matchesOf(alice)).toEqual([]);
    expect(await matchesOf(bob)).toEqual([]);
  });
});

describe('the round debouncer', () => {
  it('makes one round of several taps', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const start = debouncer(1_500, run);
    start.schedule();
    vi.advanceTimersByTime(1_000);
    start.schedule();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledOnce();
    start.schedule();
    start.cancel();
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
