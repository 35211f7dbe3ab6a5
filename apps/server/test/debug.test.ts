import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBUG_LOG_ENTRIES_KEPT } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

interface Logs {
  logs: { function_name: string; error_message: string | null; input_params: unknown }[];
}

describe.each(DRIVERS)('client errors reach the debug log (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, stranger] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    await request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
  });
  afterAll(() => server.close());

  it('stores CLIENT_ERROR_ entries and reads them back for the couple only', async () => {
    const logged = await request(server.url, 'POST', '/api/debug/logs', {
      token: alice.token,
      body: {
        function_name: 'CLIENT_ERROR_send',
        error_message: 'WebSocket not connected',
        input_params: { step: 1 },
        execution_time_ms: 12,
      },
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toEqual({ success: true, error: null });

    const own = await request<Logs>(
      server.url,
      'GET',
      '/api/debug/logs?function_name=CLIENT_ERROR_send',
      { token: alice.token },
    );
    expect(own.body.logs).toMatchObject([
      {
        function_name: 'CLIENT_ERROR_send',
        error_message: 'WebSocket not connected',
        input_params: { step: 1 },
      },
    ]);
    const partner = await request<Logs>(server.url, 'GET', '/api/debug/logs', { token: bob.token });
    expect(partner.body.logs).toHaveLength(1);
    const outsider = await request<Logs>(server.url, 'GET', '/api/debug/logs', {
      token: stranger.token,
    });
    expect(outsider.body.logs).toEqual([]);
  });

  it('reports what the caller can see of the messages', async () => {
    const access = await request(server.url, 'GET', '/api/debug/message-access', {
      token: bob.token,
    });
    expect(access.body).toMatchObject({
      user_id: bob.id,
      partner_id: alice.id,
      has_partner: true,
      received_count: 1,
      unread_count: 1,
    });
  });

  it('refuses bad entries and anonymous callers', async () => {
    const bodies: unknown[] = [
      {},
      { function_name: '' },
      { function_name: 'x'.repeat(101) },
      { function_name: 'bad name!' },
      { function_name: 'ok', error_message: 'x'.repeat(2001) },
      { function_name: 'ok', execution_time_ms: -1 },
      'text',
    ];
    for (const body of bodies) {
      const response = await request(server.url, 'POST', '/api/debug/logs', {
        token: alice.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    expect(
      (await request(server.url, 'GET', '/api/debug/logs?limit=0', { token: alice.token })).status,
    ).toBe(400);
    expect(
      (await request(server.url, 'POST', '/api/debug/logs', { body: { function_name: 'x' } }))
        .status,
    ).toBe(401);
    expect((await request(server.url, 'GET', '/api/debug/message-access')).status).toBe(401);
  });

  it(`keeps each account's ${DEBUG_LOG_ENTRIES_KEPT} newest entries and drops the older ones`, async () => {
    const log = (index: number) =>
      server.database.db.asUser(stranger.id, (tx) =>
        tx.query('SELECT log_debug($1, NULL, $2) AS result', [`CLIENT_ERROR_loop`, `n${index}`]),
      );
    for (let index = 0; index < DEBUG_LOG_ENTRIES_KEPT + 5; index += 1) await log(index);
    const { rows } = await server.database.db.query<{ n: number; oldest: string }>(
      `SELECT count(*)::int AS n, min(error_message) FILTER (WHERE error_message = 'n5') AS oldest
       FROM debug_logs WHERE user_id = $1`,
      [stranger.id],
    );
    expect(rows[0]!.n).toBe(DEBUG_LOG_ENTRIES_KEPT);
    expect(rows[0]!.oldest).toBe('n5');
    const kept = await server.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM debug_logs WHERE user_id = $1 AND error_message IN ('n0', 'n4')`,
      [stranger.id],
    );
    expect(kept.rows[0]!.n).toBe(0);
    // Other accounts' entries are untouched.
    const alices = await server.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM debug_logs WHERE user_id = $1',
      [alice.id],
    );
    expect(alices.rows[0]!.n).toBeGreaterThan(0);
  });
});
