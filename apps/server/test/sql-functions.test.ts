import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlParam } from '../src/db/types.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

interface DebugLog {
  function_name: string;
  input_params: unknown;
  error_message: string | null;
  execution_time_ms: number | null;
  created_at: string;
}

describe.each(DRIVERS)('debug and notification-token SQL functions (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  /** Calls a function returning one jsonb value, as the user's role. */
  const rpc = async (user: TestUser, sql: string, params: SqlParam[] = []) => {
    const { rows } = await server.database.db.asUser(user.id, (tx) =>
      tx.query<{ result: Record<string, unknown> }>(`SELECT ${sql} AS result`, params),
    );
    return rows[0]!.result;
  };
  const recentLogs = async (user: TestUser, args = '') =>
    (
      await server.database.db.asUser(user.id, (tx) =>
        tx.query<DebugLog>(`SELECT * FROM get_recent_debug_logs(${args})`),
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol, dave] = (await Promise.all(
      Array.from({ length: 4 }, () => createUser(server.url)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    await pair(server.url, alice, bob);
  });
  afterAll(() => server.close());

  describe('log_debug and get_recent_debug_logs', () => {
    it("returns the caller's and the partner's logs, never a stranger's", async () => {
      const logged = await rpc(alice, `log_debug('alice_fn', $1::jsonb, 'boom', 12)`, [
        JSON.stringify({ a: 1 }),
      ]);
      expect(logged).toEqual({ success: true, error_code: null });
      await rpc(bob, `log_debug('bob_fn')`);
      await rpc(carol, `log_debug('carol_fn')`);

      const aliceSees = await recentLogs(alice);
      expect(aliceSees.map((log) => log.function_name).sort()).toEqual(['alice_fn', 'bob_fn']);
      expect(aliceSees.find((log) => log.function_name === 'alice_fn')).toMatchObject({
        input_params: { a: 1 },
        error_message: 'boom',
        execution_time_ms: 12,
      });
      expect((await recentLogs(bob)).map((log) => log.function_name).sort()).toEqual([
        'alice_fn',
        'bob_fn',
      ]);
      expect((await recentLogs(carol)).map((log) => log.function_name)).toEqual(['carol_fn']);
      expect((await recentLogs(alice, `50, 'bob_fn'`)).map((log) => log.function_name)).toEqual([
        'bob_fn',
      ]);
    });

    it('refuses a missing function name and bounds what it stores', async () => {
      for (const name of ["''", "'   '", 'NULL']) {
        expect(await rpc(dave, `log_debug(${name})`)).toEqual({
          success: false,
          error_code: 'debug_function_name_required',
        });
      }
      const huge = JSON.stringify({ blob: 'x'.repeat(9000) });
      await rpc(dave, `log_debug($1, $2::jsonb, $3, -5)`, [
        'f'.repeat(150),
        huge,
        'e'.repeat(3000),
      ]);
      const [log] = await recentLogs(dave);
      expect(log).toMatchObject({ input_params: { truncated: true }, execution_time_ms: 0 });
      expect(log!.function_name).toHaveLength(100);
      expect(log!.error_message).toHaveLength(2000);
    });

    it('clamps the limit between 1 and 100, defaulting to 50', async () => {
      await server.database.db.asUser(dave.id, (tx) =>
        tx.query(`SELECT log_debug('bulk') FROM generate_series(1, 105)`),
      );
      expect(await recentLogs(dave, '2')).toHaveLength(2);
      expect(await recentLogs(dave, '0')).toHaveLength(1);
      expect(await recentLogs(dave, '-7')).toHaveLength(1);
      expect(await recentLogs(dave)).toHaveLength(50);
      expect(await recentLogs(dave, 'NULL')).toHaveLength(50);
      expect(await recentLogs(dave, '1000')).toHaveLength(100);
    });

    it('refuses to run without a user in scope', async () => {
      await expect(
        server.database.db.transaction((tx) => tx.query(`SELECT log_debug('anon')`)),
      ).rejects.toThrow(/Not authenticated/);
    });
  });

  describe('debug_message_access', () => {
    it('counts what the caller sent, received and has unread', async () => {
      const send = () =>
        request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
      const first = await send();
      await send();
      await request(server.url, 'POST', `/api/messages/${first.body.message!.id}/read`, {
        token: bob.token,
      });

      expect(await rpc(alice, 'debug_message_access()')).toEqual({
        user_id: alice.id,
        partner_id: bob.id,
        has_partner: true,
        sent_count: 2,
        received_count: 0,
        unread_count: 0,
      });
      expect(await rpc(bob, 'debug_message_access()')).toMatchObject({
        partner_id: alice.id,
        sent_count: 0,
        received_count: 2,
        unread_count: 1,
      });
      expect(await rpc(carol, 'debug_message_access()')).toEqual({
        user_id: carol.id,
        partner_id: null,
        has_partner: false,
        sent_count: 0,
        received_count: 0,
        unread_count: 0,
      });
    });
  });

  describe('store_notification_token and get_user_notification_tokens', () => {
    const store = (
      user: TestUser,
      platform: string | null,
      token: string | null,
      url: string | null = null,
    ) => rpc(user, 'store_notification_token($1, $2, $3)', [platform, token, url]);

    it('validates platform, token and url', async () => {
      const invalid = (code: string) => ({ success: false, error_code: code });
      expect(await store(alice, 'Web!', 'tok')).toEqual(invalid('notification_platform_invalid'));
      expect(await store(alice, null, 'tok')).toEqual(invalid('notification_platform_invalid'));
      expect(await store(alice, 'p'.repeat(33), 'tok')).toEqual(
        invalid('notification_platform_invalid'),
      );
      expect(await store(alice, 'web', '')).toEqual(invalid('notification_token_invalid'));
      expect(await store(alice, 'web', null)).toEqual(invalid('notification_token_invalid'));
      expect(await store(alice, 'web', 't'.repeat(513))).toEqual(
        invalid('notification_token_invalid'),
      );
      expect(await store(alice, 'web', 'tok', 'ftp://example.com')).toEqual(
        invalid('notification_url_invalid'),
      );
      expect(await store(alice, 'web', 'tok', `https://${'u'.repeat(1020)}`)).toEqual(
        invalid('notification_url_invalid'),
      );
      const stored = await server.database.db.query(
        'SELECT 1 FROM notification_tokens WHERE user_id = $1',
        [alice.id],
      );
      expect(stored.rows).toEqual([]);
    });

    it("stores a token once per user and refuses another user's token", async () => {
      expect(await store(alice, 'farcaster', 'tok-a', 'https://example.com/notify')).toEqual({
        success: true,
        error_code: null,
      });
      expect(await store(alice, 'farcaster', 'tok-a')).toEqual({ success: true, error_code: null });
      expect(await store(carol, 'farcaster', 'tok-a')).toEqual({
        success: false,
        error_code: 'notification_token_taken',
      });
      const rows = await server.database.db.query<{ user_id: string; url: string }>(
        `SELECT user_id, url FROM notification_tokens WHERE token = 'tok-a'`,
      );
      expect(rows.rows).toEqual([{ user_id: alice.id, url: 'https://example.com/notify' }]);
    });

    it('gives the tokens to the user and the partner, and refuses a stranger', async () => {
      await store(alice, 'web', 'tok-b');
      const expected = {
        success: true,
        error_code: null,
        tokens: [
          { platform: 'farcaster', token: 'tok-a' },
          { platform: 'web', token: 'tok-b' },
        ],
      };
      expect(await rpc(alice, 'get_user_notification_tokens($1)', [alice.id])).toEqual(expected);
      expect(await rpc(bob, 'get_user_notification_tokens($1)', [alice.id])).toEqual(expected);
      expect(await rpc(bob, 'get_user_notification_tokens($1)', [bob.id])).toEqual({
        success: true,
        error_code: null,
        tokens: [],
      });

      const refused = { success: false, tokens: [], error_code: 'notification_tokens_failed' };
      expect(await rpc(carol, 'get_user_notification_tokens($1)', [alice.id])).toEqual(refused);
      expect(await rpc(dave, 'get_user_notification_tokens($1)', [bob.id])).toEqual(refused);
      expect(await rpc(carol, 'get_user_notification_tokens(NULL)')).toEqual(refused);
    });
  });
});
