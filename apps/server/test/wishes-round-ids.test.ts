import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlParam } from '../src/db/types.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';
import { sealedBlob, wishApi, wishCouple, type WishPerson } from './helpers/wishes.js';

/**
 * A wish round id is used once (migration 034): made again under an id already replied to, a
 * round would get a second reply under the same round scalar (docs/decisions.md, "A round id is
 * used once").
 */
describe.each(DRIVERS)('a wish round id is used once (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;

  const asUser = async (who: WishPerson, sql: string, params: SqlParam[] = []) =>
    (await server.database.db.asUser(who.user.id, (tx) => tx.query(sql, params))).rows;
  const usedIds = async (people: WishPerson[]) => {
    const ids = people.map((person) => person.user.id);
    const { rows } = await server.database.db.query(
      'SELECT * FROM wish_round_ids WHERE first_id = ANY($1::uuid[]) OR second_id = ANY($1::uuid[])',
      [ids],
    );
    return rows;
  };
  const taken = { status: 409, body: expect.objectContaining({ code: 'wish_id_taken' }) };

  /** A round of the couple that went through every step. */
  async function closedRound(a: WishPerson, b: WishPerson): Promise<string> {
    const id = (await api.start(a, b)).body.id as string;
    await api.reply(b, a, id);
    await api.finish(a, b, id);
    expect((await api.complete(b, a, id)).status).toBe(204);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
  });
  afterAll(() => server?.close());

  it('refuses an id again once its round was deleted, closed or replaced', async () => {
    const [alice, bob] = await wishCouple(server.url);
    const offer = sealedBlob(alice, bob);
    const id = randomUUID();
    expect((await api.call(alice, 'POST', '/wishes/rounds', { id, offer })).status).toBe(201);
    expect((await api.reply(bob, alice, id)).status).toBe(200);
    // The access rules let the initiator delete the round; making it again is refused.
    expect(await asUser(alice, 'DELETE FROM wish_rounds WHERE id = $1 RETURNING id', [id])).toEqual(
      [{ id }],
    );
    expect(await api.start(alice, bob, id)).toMatchObject(taken);
    expect(await api.call(alice, 'POST', '/wishes/rounds', { id, offer })).toMatchObject(taken);
    expect(await api.start(bob, alice, id)).toMatchObject(taken);
    expect((await api.state(bob)).body.rounds).toEqual([]);

    const closed = await closedRound(alice, bob);
    expect(await api.start(alice, bob, closed)).toMatchObject(taken);
    const replaced = (await api.start(bob, alice)).body.id as string;
    expect((await api.start(alice, bob)).status).toBe(201);
    expect(await api.start(bob, alice, replaced)).toMatchObject(taken);
  });

  it('keeps the id and the pair only, out of app_user’s reach', async () => {
    const [alice, bob] = await wishCouple(server.url);
    const [carol, dave] = await wishCouple(server.url);
    const id = await closedRound(alice, bob);
    const pair = [alice.user.id, bob.user.id].sort();
    // Not who started it, nor when: what the server saw when the round started.
    expect(await usedIds([alice])).toEqual([{ id, first_id: pair[0], second_id: pair[1] }]);
    await expect(asUser(alice, 'SELECT id FROM wish_round_ids')).rejects.toThrow();
    await expect(asUser(alice, 'DELETE FROM wish_round_ids')).rejects.toThrow();
    await expect(
      asUser(carol, 'INSERT INTO wish_round_ids (id, first_id, second_id) VALUES ($1, $2, $3)', [
        randomUUID(),
        pair[0]!,
        pair[1]!,
      ]),
    ).rejects.toThrow();
    // Another couple cannot take the id either, as before.
    expect(await api.start(carol, dave, id)).toMatchObject(taken);
  });

  it('forgets the used ids with the couple: unpairing, an account deleted', async () => {
    const [alice, bob] = await wishCouple(server.url);
    const [carol, dave] = await wishCouple(server.url);
    const [erin, frank] = await wishCouple(server.url);
    for (const [a, b] of [
      [alice, bob],
      [carol, dave],
      [erin, frank],
    ] as const) {
      await closedRound(a, b);
      await api.start(b, a);
    }
    const unpaired = await request(server.url, 'POST', '/api/partner/disconnect', {
      token: alice.user.token,
    });
    expect(unpaired.status).toBe(200);
    expect(await usedIds([alice, bob])).toEqual([]);
    const deleted = await request(server.url, 'POST', '/api/account/delete', {
      token: frank.user.token,
      body: { password: frank.user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await usedIds([erin, frank])).toEqual([]);
    expect(await usedIds([carol, dave])).toHaveLength(2);
  });
});
