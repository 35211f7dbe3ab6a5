import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXTS, type Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

const RLS_VIOLATION = /row-level security/;
const PERMISSION_DENIED = /permission denied/;

describe.each(DRIVERS)("nobody outside a couple reaches the couple's data (%s)", (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let eve: TestUser;
  let coupleIds: string[];
  let outsiders: TestUser[];

  const call = (method: string, path: string, user: TestUser, body?: unknown) =>
    request(server.url, method, path, { token: user.token, body });
  const ownerQuery = <T>(sql: string, params: string[] = []) =>
    server.database.db.query<T>(sql, params).then((result) => result.rows);
  const asUser = <T>(user: TestUser, sql: string, params: string[] = []) =>
    server.database.db
      .asUser(user.id, (tx) => tx.query<T>(sql, params))
      .then((result) => result.rows);
  const coupleSnapshot = async () => ({
    bobInbox: (await call('GET', '/api/messages', bob)).body,
    aliceInbox: (await call('GET', '/api/messages', alice)).body,
    bobUnread: (await call('GET', '/api/messages/unread-count', bob)).body,
    aliceStats: (await call('GET', '/api/profile/stats', alice)).body,
    aliceStatus: (await call('GET', '/api/partner/status', alice)).body,
  });

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol, dave, eve] = (await Promise.all(
      Array.from({ length: 5 }, () => createUser(server.url)),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    outsiders = [carol, eve];
    await pair(server.url, alice, bob);
    await pair(server.url, carol, dave);
    const sent = [
      await call('POST', '/api/messages', alice, desire({ content: 'for bob' })),
      await call('POST', '/api/messages', alice, desire({ content: 'again' })),
      await call('POST', '/api/messages', bob, desire({ content: 'for alice' })),
    ];
    coupleIds = sent.map((response) => response.body.message!.id);
    expect(
      (await call('POST', '/api/messages', dave, desire({ content: 'for carol' }))).status,
    ).toBe(201);
    expect((await call('POST', '/api/partner/generate-code', eve)).status).toBe(200);
    await server.database.db.query(
      `INSERT INTO push_subscriptions (user_id, subscription) VALUES ($1, $3), ($2, $3)`,
      [alice.id, carol.id, JSON.stringify({ endpoint: 'https://push.example/1', keys: {} })],
    );
  });
  afterAll(() => server.close());

  describe('through every route', () => {
    it("shows an outsider none of the couple's desires in lists, counts or stats", async () => {
      for (const user of outsiders) {
        for (const path of [
          '/api/messages',
          '/api/messages/sent',
          '/api/messages?unreadOnly=true',
        ]) {
          const list = await call('GET', path, user);
          expect(list.status).toBe(200);
          const ids = list.body.messages!.map((m: Message) => m.id);
          expect(ids.filter((id: string) => coupleIds.includes(id))).toEqual([]);
          for (const message of list.body.messages!) {
            expect([message.sender_id, message.receiver_id]).toContain(user.id);
          }
        }
      }
      expect((await call('GET', '/api/messages', carol)).body.count).toBe(1);
      expect((await call('GET', '/api/messages/unread-count', carol)).body).toEqual({ count: 1 });
      expect((await call('GET', '/api/profile/stats', carol)).body).toEqual({
        sent: 0,
        received: 1,
      });
      expect((await call('GET', '/api/messages/unread-count', eve)).body).toEqual({ count: 0 });
      expect((await call('GET', '/api/profile/stats', eve)).body).toEqual({ sent: 0, received: 0 });
    });

    it("lets an outsider mark none of the couple's desires read", async () => {
      const before = await coupleSnapshot();
      for (const user of outsiders) {
        for (const id of coupleIds) {
          const marked = await call('POST', `/api/messages/${id}/read`, user);
          expect(marked.status).toBe(404);
          expect(marked.body).toEqual({
            error: SERVER_TEXTS.messageNotFound,
            code: 'message_not_found',
          });
        }
      }
      expect((await call('POST', '/api/messages/mark-all-read', eve)).body).toEqual({
        ids: [],
        count: 0,
      });
      const carolAll = await call('POST', '/api/messages/mark-all-read', carol);
      expect(carolAll.body.count).toBe(1);
      expect(carolAll.body.ids!.filter((id: string) => coupleIds.includes(id))).toEqual([]);
      expect(await coupleSnapshot()).toEqual(before);
      expect(before.bobUnread).toEqual({ count: 2 });
    });

    it('lets an outsider send nothing to either of the couple, nor reuse their ids', async () => {
      const before = await coupleSnapshot();
      for (const receiver of [alice, bob]) {
        const fromCarol = await call(
          'POST',
          '/api/messages',
          carol,
          desire({ receiverId: receiver.id }),
        );
        expect(fromCarol.status).toBe(403);
        expect(fromCarol.body).toEqual({ error: SERVER_TEXTS.onlyToPartner, code: 'not_partner' });
        const fromEve = await call(
          'POST',
          '/api/messages',
          eve,
          desire({ receiverId: receiver.id }),
        );
        expect(fromEve.status).toBe(409);
        expect(fromEve.body).toEqual({
          error: TEXTS.noConnectedPartner,
          code: 'no_connected_partner',
        });
      }
      const reused = await call(
        'POST',
        '/api/messages',
        carol,
        desire({ id: coupleIds[0], content: 'for bob' }),
      );
      expect(reused.status).toBe(409);
      expect(reused.body).toEqual({ error: SERVER_TEXTS.messageIdTaken, code: 'message_id_taken' });
      expect(await coupleSnapshot()).toEqual(before);
    });

    it("tells an outsider nothing about the couple's partnership", async () => {
      const carolStatus = await call('GET', '/api/partner/status', carol);
      expect(carolStatus.body).toEqual({
        status: 'accepted',
        has_partner: true,
        partner: { id: dave.id, username: dave.username },
      });
      const eveStatus = await call('GET', '/api/partner/status', eve);
      expect(eveStatus.body).toEqual({ status: 'pending', has_partner: false, partner: null });
      for (const user of outsiders) {
        const everything = JSON.stringify([
          (await call('GET', '/api/profile', user)).body,
          (await call('GET', '/api/auth/me', user)).body,
          (await call('GET', '/api/partner/status', user)).body,
        ]);
        for (const secret of [
          alice.id,
          bob.id,
          alice.username,
          bob.username,
          'for bob',
          'for alice',
        ]) {
          expect(everything).not.toContain(secret);
        }
      }
      const disconnect = await call('POST', '/api/partner/disconnect', eve);
      expect(disconnect.status).toBe(404);
      expect((await call('GET', '/api/partner/status', alice)).body).toMatchObject({
        partner: { id: bob.id },
      });
    });
  });

  describe('row-level security alone, with no WHERE clause', () => {
    it("returns only the caller's messages", async () => {
      const all = await ownerQuery<{ id: string }>('SELECT id FROM messages');
      expect(all.length).toBe(4);
      const carolRows = await asUser<{ sender_id: string; receiver_id: string }>(
        carol,
        'SELECT * FROM messages',
      );
      expect(carolRows).toHaveLength(1);
      expect(carolRows[0]).toMatchObject({ sender_id: dave.id, receiver_id: carol.id });
      expect(await asUser(eve, 'SELECT * FROM messages')).toEqual([]);
      const bobRows = await asUser<{ id: string }>(bob, 'SELECT * FROM messages');
      expect(bobRows.map((row) => row.id).sort()).toEqual([...coupleIds].sort());
    });

    it("returns only the caller's profile, pairing codes, connections and push subscription", async () => {
      expect(await ownerQuery('SELECT id FROM profiles')).toHaveLength(5);
      const profiles = await asUser<{ id: string }>(carol, 'SELECT * FROM profiles');
      expect(profiles.map((row) => row.id)).toEqual([carol.id]);
      // The view every profile read goes through runs with the reader's own security.
      const viewed = await asUser<{ id: string }>(carol, 'SELECT * FROM profile_view');
      expect(viewed.map((row) => row.id)).toEqual([carol.id]);
      expect(await ownerQuery('SELECT id FROM profile_view')).toHaveLength(5);

      expect(await ownerQuery('SELECT code FROM pairing_codes')).toHaveLength(3);
      for (const [user, count] of [
        [eve, 1],
        [carol, 1],
        [bob, 0],
      ] as const) {
        const codes = await asUser<{ owner_id: string }>(user, 'SELECT * FROM pairing_codes');
        expect(codes.map((row) => row.owner_id)).toEqual(Array(count).fill(user.id));
      }

      const connections = await asUser<{ user1_id: string; user2_id: string }>(
        carol,
        'SELECT * FROM partner_connections',
      );
      expect(connections).toHaveLength(1);
      expect(connections[0]).toMatchObject({ user1_id: carol.id, user2_id: dave.id });
      expect(await asUser(eve, 'SELECT * FROM partner_connections')).toEqual([]);

      const subscriptions = await asUser<{ user_id: string }>(
        carol,
        'SELECT * FROM push_subscriptions',
      );
      expect(subscriptions.map((row) => row.user_id)).toEqual([carol.id]);
      expect(await asUser(eve, 'SELECT * FROM push_subscriptions')).toEqual([]);
    });

    it.each(['users', 'auth_sessions', 'refresh_tokens', 'email_confirmations', 'app_secrets'])(
      'denies the user role any read of %s',
      async (table) => {
        await expect(asUser(carol, `SELECT * FROM ${table}`)).rejects.toThrow(PERMISSION_DENIED);
      },
    );

    it('refuses a direct insert to a non-partner or with a forged sender', async () => {
      const insert = `INSERT INTO messages (sender_id, receiver_id, intensity, urgency) VALUES ($1, $2, 5, 5)`;
      await expect(asUser(carol, insert, [carol.id, alice.id])).rejects.toThrow(RLS_VIOLATION);
      await expect(asUser(carol, insert, [alice.id, bob.id])).rejects.toThrow(RLS_VIOLATION);
      await expect(asUser(carol, insert, [dave.id, carol.id])).rejects.toThrow(RLS_VIOLATION);
      await expect(asUser(eve, insert, [eve.id, alice.id])).rejects.toThrow(RLS_VIOLATION);
      await expect(
        asUser(carol, `INSERT INTO push_subscriptions (user_id, subscription) VALUES ($1, '{}')`, [
          eve.id,
        ]),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await asUser(carol, insert, [carol.id, dave.id])).toEqual([]);
      expect(await ownerQuery('SELECT id FROM messages')).toHaveLength(5);
    });

    it('lets the user role change nothing but read_at, and only on received messages', async () => {
      const [forBob, , forAlice] = coupleIds as [string, string, string];
      await expect(
        asUser(bob, `UPDATE messages SET note = 'changed' WHERE id = $1`, [forBob]),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        asUser(bob, `UPDATE messages SET intensity = 0 WHERE id = $1`, [forBob]),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(asUser(bob, `DELETE FROM messages WHERE id = $1`, [forBob])).rejects.toThrow(
        PERMISSION_DENIED,
      );
      await expect(asUser(carol, `UPDATE profiles SET partner_id = NULL`)).rejects.toThrow(
        PERMISSION_DENIED,
      );

      const markRead = `UPDATE messages SET read_at = now() WHERE id = $1 RETURNING id`;
      expect(await asUser(carol, markRead, [forBob])).toEqual([]);
      expect(await asUser(bob, markRead, [forAlice])).toEqual([]);
      expect(
        await asUser(carol, `UPDATE profiles SET username = 'stolen' WHERE id = $1 RETURNING id`, [
          alice.id,
        ]),
      ).toEqual([]);
      const untouched = await ownerQuery<{ read_at: string | null }>(
        'SELECT read_at FROM messages WHERE id = ANY($1::uuid[])',
        [`{${forBob},${forAlice}}`],
      );
      expect(untouched).toEqual([{ read_at: null }, { read_at: null }]);
      expect(await asUser(bob, markRead, [forBob])).toEqual([{ id: forBob }]);
    });
  });
});
