import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishesState, WishRound } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { sealedBlob, wishApi, wishCouple, type WishPerson } from './helpers/wishes.js';

describe.each(DRIVERS)('rounds of private matching (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;
  let alice: WishPerson;
  let bob: WishPerson;

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
    [alice, bob] = await wishCouple(server.url);
  });
  afterAll(() => server?.close());

  it('relays offer, reply, finish and complete, and keeps each side’s match list', async () => {
    const id = randomUUID();
    const offer = sealedBlob(alice, bob);
    const started = await api.call<WishRound>(alice, 'POST', '/wishes/rounds', { id, offer });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      id,
      initiator_id: alice.user.id,
      responder_id: bob.user.id,
      offer,
      reply: null,
      finish: null,
    });
    // The responder finds the offer waiting on the server (the initiator may be offline now).
    const waiting = await api.call<WishesState>(bob, 'GET', '/wishes');
    expect(waiting.body.rounds.map((round) => round.id)).toEqual([id]);
    expect(waiting.body.rounds[0]!.offer).toEqual(offer);

    const reply = sealedBlob(bob, alice);
    const replied = await api.call<WishRound>(bob, 'PUT', `/wishes/rounds/${id}/reply`, { reply });
    expect(replied.status).toBe(200);
    expect(replied.body.reply).toEqual(reply);

    const finish = sealedBlob(alice, bob);
    const aliceMatches = sealedBlob(alice, bob);
    const finished = await api.call<WishRound>(alice, 'PUT', `/wishes/rounds/${id}/finish`, {
      finish,
      matches: aliceMatches,
      new_match: false,
    });
    expect(finished.status).toBe(200);
    expect(finished.body.finish).toEqual(finish);
    const aliceState = await api.call<WishesState>(alice, 'GET', '/wishes');
    expect(aliceState.body.matches).toMatchObject({ round_id: id, matches: aliceMatches });

    const bobMatches = sealedBlob(bob, alice);
    const completed = await api.call(bob, 'PUT', `/wishes/rounds/${id}/complete`, {
      matches: bobMatches,
    });
    expect(completed.status).toBe(204);
    const after = await api.call<WishesState>(bob, 'GET', '/wishes');
    expect(after.body.rounds).toEqual([]);
    expect(after.body.matches).toMatchObject({ round_id: id, matches: bobMatches });
    // Each reads only their own list.
    expect((await api.state(alice)).body.matches).toMatchObject({ matches: aliceMatches });

    // A retry of the last step, after the round closed, answers as the first time did.
    const again = await api.call(bob, 'PUT', `/wishes/rounds/${id}/complete`, {
      matches: bobMatches,
    });
    expect(again.status).toBe(204);
    const other = await api.complete(bob, alice, id);
    expect(other.body).toMatchObject({ code: 'wish_round_not_found' });
  });

  it('answers a repeated step with the stored row, and refuses another body', async () => {
    const id = randomUUID();
    const offer = sealedBlob(alice, bob);
    const first = await api.call<WishRound>(alice, 'POST', '/wishes/rounds', { id, offer });
    const again = await api.call<WishRound>(alice, 'POST', '/wishes/rounds', { id, offer });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const changed = await api.call(alice, 'POST', '/wishes/rounds', {
      id,
      offer: sealedBlob(alice, bob),
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'wish_id_taken' });
    // The partner cannot take the id either.
    expect((await api.start(bob, alice, id)).body).toMatchObject({ code: 'wish_id_taken' });

    const reply = sealedBlob(bob, alice);
    const path = `/wishes/rounds/${id}/reply`;
    const replied = await api.call<WishRound>(bob, 'PUT', path, { reply });
    const repeated = await api.call<WishRound>(bob, 'PUT', path, { reply });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(replied.body);

    const finishBody = { finish: sealedBlob(alice, bob), matches: sealedBlob(alice, bob) };
    const finishPath = `/wishes/rounds/${id}/finish`;
    const finished = await api.call(alice, 'PUT', finishPath, { ...finishBody, new_match: false });
    const refinished = await api.call(alice, 'PUT', finishPath, {
      ...finishBody,
      new_match: false,
    });
    expect(refinished.status).toBe(200);
    expect(refinished.body).toEqual(finished.body);
  });

  it('keeps only the newest round of a couple, also when both offer at once', async () => {
    const older = await api.start(alice, bob);
    const newer = await api.start(bob, alice);
    const state = await api.state(alice);
    expect((state.body as unknown as WishesState).rounds.map((round) => round.id)).toEqual([
      newer.body.id,
    ]);
    expect((await api.reply(bob, alice, older.body.id as string)).body).toMatchObject({
      code: 'wish_round_not_found',
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const both = await Promise.all([api.start(alice, bob), api.start(bob, alice)]);
      expect(both.map((answer) => answer.status)).toEqual([201, 201]);
      const rounds = (await api.state(bob)).body.rounds as WishRound[];
      expect(rounds).toHaveLength(1);
      expect(both.map((answer) => answer.body.id)).toContain(rounds[0]!.id);
    }
  });

  it('refuses steps out of order, by the wrong side, and on unknown rounds', async () => {
    const started = await api.start(alice, bob);
    const id = started.body.id as string;
    // Finish before the reply, complete before the finish.
    expect((await api.finish(alice, bob, id)).body).toMatchObject({
      code: 'wish_round_out_of_order',
    });
    expect((await api.complete(bob, alice, id)).body).toMatchObject({
      code: 'wish_round_out_of_order',
    });
    // The initiator does not reply, the responder does not finish.
    expect((await api.reply(alice, bob, id)).body).toMatchObject({ code: 'wish_round_not_found' });
    expect((await api.reply(bob, alice, id)).status).toBe(200);
    expect((await api.reply(bob, alice, id)).body).toMatchObject({
      code: 'wish_round_out_of_order',
    });
    expect((await api.finish(bob, alice, id)).body).toMatchObject({
      code: 'wish_round_not_found',
    });
    expect((await api.complete(alice, bob, id)).body).toMatchObject({
      code: 'wish_round_not_found',
    });
    expect((await api.finish(alice, bob, id)).status).toBe(200);
    expect((await api.finish(alice, bob, id)).status).toBe(409);
    const unknown = await api.reply(bob, alice, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'wish_round_not_found' });
  });
});
