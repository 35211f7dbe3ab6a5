import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishesState } from '@couple/protocol';
import type { SqlParam } from '../src/db/types.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { pair, request } from './helpers/api.js';
import { sealedBlob, wishApi, wishCouple, type WishPerson } from './helpers/wishes.js';

const WISH_TABLES = ['wish_items', 'wish_rounds', 'wish_match_sets'] as const;
/** The two people each table's rows belong to. */
const PEOPLE = {
  wish_items: ['proposer_id', 'partner_id'],
  wish_rounds: ['initiator_id', 'responder_id'],
  wish_match_sets: ['user_id', 'partner_id'],
} as const;

describe.each(DRIVERS)('who reaches a couple’s wishes (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;

  const asUser = async (who: WishPerson, sql: string, params: SqlParam[] = []) =>
    (await server.database.db.asUser(who.user.id, (tx) => tx.query(sql, params))).rows;
  const ownerCount = async (table: string, ids: string[]) => {
    const column = PEOPLE[table as keyof typeof PEOPLE][0];
    const { rows } = await server.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1::uuid[])`,
      [ids],
    );
    return rows[0]!.n;
  };

  /** A couple with an item from each, a finished round (both match lists) and an open round. */
  async function busyCouple(): Promise<[WishPerson, WishPerson]> {
    const [a, b] = await wishCouple(server.url);
    await api.propose(a, b);
    await api.propose(b, a);
    const done = (await api.start(a, b)).body.id as string;
    await api.reply(b, a, done);
    await api.finish(a, b, done);
    await api.complete(b, a, done);
    const open = (await api.start(b, a)).body.id as string;
    await api.reply(a, b, open);
    await api.finish(b, a, open);
    return [a, b];
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
  });
  afterAll(() => server?.close());

  it('keeps a couple’s wishes from anyone else, through the API', async () => {
    const [alice, bob] = await busyCouple();
    const [carol, dave] = await wishCouple(server.url);
    const state = (await api.call<WishesState>(alice, 'GET', '/wishes')).body;
    expect(state.items).toHaveLength(2);
    expect(state.rounds).toHaveLength(1);
    expect((await api.call<WishesState>(carol, 'GET', '/wishes')).body).toEqual({
      items: [],
      rounds: [],
      matches: null,
    });
    const round = state.rounds[0]!;
    const item = state.items.find((entry) => entry.proposer_id === alice.user.id)!;
    // Carol plays each side of Alice and Bob's round and withdraws Alice's item.
    expect((await api.complete(carol, dave, round.id)).body).toMatchObject({
      code: 'wish_round_not_found',
    });
    expect((await api.reply(carol, dave, round.id)).status).toBe(404);
    expect((await api.finish(carol, dave, round.id)).status).toBe(404);
    expect((await api.call(carol, 'DELETE', `/wishes/items/${item.id}`)).status).toBe(404);
    // Nor can she take their ids.
    expect((await api.start(carol, dave, round.id)).body).toMatchObject({ code: 'wish_id_taken' });
    expect((await api.propose(carol, dave, item.id)).body).toMatchObject({
      code: 'wish_id_taken',
    });
    expect((await api.call<WishesState>(bob, 'GET', '/wishes')).body.rounds).toEqual([round]);
  });

  it('shows nothing of another couple to a direct read as app_user', async () => {
    const [alice, bob] = await busyCouple();
    const [carol] = await wishCouple(server.url);
    for (const table of WISH_TABLES) {
      const [first, second] = PEOPLE[table];
      const theirs = await asUser(
        carol,
        `SELECT * FROM ${table} WHERE $1 IN (${first}, ${second})`,
        [alice.user.id],
      );
      expect(theirs, table).toEqual([]);
      expect(await ownerCount(table, [alice.user.id, bob.user.id]), table).toBeGreaterThan(0);
    }
    // Each person reads only their own match list.
    expect(await asUser(bob, 'SELECT user_id FROM wish_match_sets')).toEqual([
      { user_id: bob.user.id },
    ]);
  });

  it('refuses writes past the API: another couple, the wrong side, someone else’s list', async () => {
    const [alice, bob] = await busyCouple();
    const [carol, dave] = await wishCouple(server.url);
    const blob = sealedBlob(carol, dave);
    const refused = (sql: string, params: SqlParam[]) =>
      expect(asUser(carol, sql, params)).rejects.toThrow();
    await refused(
      `INSERT INTO wish_rounds (id, initiator_id, responder_id, offer_content, offer_encryption_data)
       VALUES ($1, $2, $3, $4, $5)`,
      [randomUUID(), alice.user.id, bob.user.id, blob.content, blob.encryption_data],
    );
    await refused(
      `INSERT INTO wish_items (id, proposer_id, partner_id, content, encryption_data)
       VALUES ($1, $2, $3, $4, $5)`,
      [randomUUID(), carol.user.id, alice.user.id, blob.content, blob.encryption_data],
    );
    await refused(
      `INSERT INTO wish_match_sets (user_id, partner_id, round_id, content, encryption_data)
       VALUES ($1, $2, $3, $4, $5)`,
      [dave.user.id, carol.user.id, randomUUID(), blob.content, blob.encryption_data],
    );
    // Deletes and updates of rows one cannot see touch nothing.
    expect(await asUser(carol, 'DELETE FROM wish_rounds RETURNING id')).toEqual([]);
    expect(await asUser(carol, 'DELETE FROM wish_items RETURNING id')).toEqual([]);
    // The initiator cannot write the reply, nor the responder the finish, even in SQL.
    const fresh = (await api.start(alice, bob)).body.id as string;
    const reply = sealedBlob(alice, bob);
    await expect(
      asUser(
        alice,
        'UPDATE wish_rounds SET reply_content = $2, reply_encryption_data = $3 WHERE id = $1',
        [fresh, reply.content, reply.encryption_data],
      ),
    ).rejects.toThrow();
    await expect(
      asUser(
        bob,
        'UPDATE wish_rounds SET finish_content = $2, finish_encryption_data = $3 WHERE id = $1',
        [fresh, reply.content, reply.encryption_data],
      ),
    ).rejects.toThrow();
    // Bob's item is his to withdraw.
    expect(
      await asUser(alice, 'DELETE FROM wish_items WHERE proposer_id = $1 RETURNING id', [
        bob.user.id,
      ]),
    ).toEqual([]);
  });

  it('forgets the couple’s wishes when they unpair, and a former partner reaches none', async () => {
    const [alice, bob] = await busyCouple();
    const [carol, dave] = await busyCouple();
    const before = (await api.call<WishesState>(bob, 'GET', '/wishes')).body;
    const unpaired = await request(server.url, 'POST', '/api/partner/disconnect', {
      token: alice.user.token,
    });
    expect(unpaired.status).toBe(200);
    for (const table of WISH_TABLES) {
      expect(await ownerCount(table, [alice.user.id, bob.user.id]), table).toBe(0);
      expect(await ownerCount(table, [carol.user.id, dave.user.id]), table).toBeGreaterThan(0);
    }
    expect((await api.call<WishesState>(bob, 'GET', '/wishes')).body).toEqual({
      items: [],
      rounds: [],
      matches: null,
    });
    expect((await api.reply(alice, bob, before.rounds[0]!.id)).status).toBe(409);
    expect((await api.start(bob, alice)).body).toMatchObject({ code: 'no_connected_partner' });
    expect((await api.propose(alice, bob)).body).toMatchObject({ code: 'no_connected_partner' });
    // Paired again, they start from an empty list.
    await pair(server.url, bob.user, alice.user);
    expect((await api.call<WishesState>(alice, 'GET', '/wishes')).body.items).toEqual([]);
  });

  it('forgets the couple’s wishes when one of them deletes the account', async () => {
    const [alice, bob] = await busyCouple();
    const deleted = await request(server.url, 'POST', '/api/account/delete', {
      token: bob.user.token,
      body: { password: bob.user.password },
    });
    expect(deleted.status).toBe(204);
    for (const table of WISH_TABLES) {
      expect(await ownerCount(table, [alice.user.id, bob.user.id]), table).toBe(0);
    }
    const { rows } = await server.database.db.query(
      `SELECT 1 FROM wish_items WHERE partner_id = $1
       UNION ALL SELECT 1 FROM wish_rounds WHERE responder_id = $1
       UNION ALL SELECT 1 FROM wish_match_sets WHERE partner_id = $1`,
      [alice.user.id],
    );
    expect(rows).toEqual([]);
  });
});
