import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  createUser,
  desire,
  pair,
  request,
  type RequestOptions,
  type TestUser,
} from './helpers/api.js';
import { browserSubscription } from './helpers/rest-fixtures.js';

const ANON_KEY = 'test-anon-key-0123456789';

describe.each(DRIVERS)('/rest/v1 isolation and bad input (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let mallory: TestUser;
  const as = (user: TestUser, method: string, path: string, options: RequestOptions = {}) =>
    request(server.url, method, path, {
      ...options,
      token: user.token,
      headers: { apikey: ANON_KEY, ...options.headers },
    });

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    [alice, bob, mallory] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    await request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: alice.token,
      body: browserSubscription(),
    });
  });
  afterAll(() => server.close());

  it('refuses a missing or wrong apikey with 401 before anything else', async () => {
    const missing = await request(server.url, 'GET', `/rest/v1/profiles?id=eq.${alice.id}`, {
      token: alice.token,
    });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ message: 'No API key found in request' });
    const wrong = await request(server.url, 'POST', '/auth/v1/token?grant_type=password', {
      headers: { apikey: 'wrong-key-wrong-key' },
      body: { email: alice.email, password: alice.password },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: 'Invalid API key' });
    const asParam = await request(
      server.url,
      'GET',
      `/rest/v1/profiles?id=eq.${alice.id}&apikey=${ANON_KEY}`,
      { token: alice.token },
    );
    expect(asParam.status).toBe(200);
  });

  it("shows another couple's ids nothing, in every filter", async () => {
    for (const filter of [
      `id=eq.${alice.id}`,
      `id=eq.${bob.id}`,
      `partner_id=eq.${alice.id}`,
      `id=in.(${alice.id},${bob.id})`,
      'id=neq.00000000-0000-0000-0000-000000000000',
    ]) {
      const seen = await as(mallory, 'GET', `/rest/v1/profiles?${filter}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual(
        filter.startsWith('id=neq') ? [expect.objectContaining({ id: mallory.id })] : [],
      );
    }
  });

  it("changes nothing of another couple's through any body or filter", async () => {
    const patched = await as(mallory, 'PATCH', `/rest/v1/profiles?id=eq.${alice.id}`, {
      body: { username: 'stolen' },
      headers: { prefer: 'return=representation' },
    });
    expect(patched.body).toEqual([]);
    const partnerColumn = await as(mallory, 'PATCH', `/rest/v1/profiles?id=eq.${mallory.id}`, {
      body: { partner_id: alice.id },
    });
    expect(partnerColumn.status).toBe(403);
    const toAlice = await as(mallory, 'POST', '/rest/v1/messages', {
      body: { sender_id: mallory.id, receiver_id: alice.id, intensity: 1, urgency: 1 },
    });
    expect(toAlice.status).toBe(409);
    const asAlice = await as(mallory, 'POST', '/rest/v1/messages', {
      body: { sender_id: alice.id, receiver_id: bob.id, intensity: 1, urgency: 1 },
    });
    expect(asAlice.status).toBe(403);
    const push = await as(mallory, 'POST', '/rest/v1/push_subscriptions', {
      body: { user_id: alice.id, subscription: browserSubscription() },
    });
    expect(push.status).toBe(403);
    expect(
      (await as(mallory, 'DELETE', `/rest/v1/push_subscriptions?user_id=eq.${alice.id}`)).status,
    ).toBe(204);
    const tokens = await as(mallory, 'POST', '/rest/v1/rpc/get_user_notification_tokens', {
      body: { p_user_id: alice.id },
    });
    expect(tokens.body).toMatchObject({
      success: false,
      error: 'Failed to get notification tokens',
    });

    const profile = await request(server.url, 'GET', '/api/profile', { token: alice.token });
    expect(profile.body.username).toBe(alice.username);
    expect((await server.database.db.query('SELECT 1 FROM push_subscriptions')).rows).toHaveLength(
      1,
    );
    expect((await server.database.db.query('SELECT 1 FROM messages')).rows).toHaveLength(1);
  });

  it('answers unknown filters, operators, columns, functions and tables in PostgREST shape', async () => {
    const cases: [string, string, number, string][] = [
      ['GET', `/rest/v1/profiles?id=like.${alice.id}`, 400, 'PGRST100'],
      ['GET', '/rest/v1/profiles?password=eq.x', 400, '42703'],
      ['GET', '/rest/v1/profiles?select=id,secret', 400, '42703'],
      ['GET', '/rest/v1/profiles?id=eq.not-a-uuid', 200, ''],
      ['GET', '/rest/v1/profiles?id=in.nolist', 400, 'PGRST100'],
      ['POST', '/rest/v1/rpc/drop_everything', 404, 'PGRST202'],
      ['GET', '/rest/v1/users', 404, '42P01'],
    ];
    for (const [method, path, status, code] of cases) {
      const response = await as(alice, method, path, method === 'POST' ? { body: {} } : {});
      expect(response.status, path).toBe(status);
      if (!code) continue;
      expect(response.body, path).toMatchObject({ code, message: expect.any(String) });
      expect(Object.keys(response.body).sort(), path).toEqual([
        'code',
        'details',
        'hint',
        'message',
      ]);
    }
  });

  it('answers bad rpc parameters and bodies with 4xx, never 5xx', async () => {
    const bodies: [string, unknown][] = [
      ['connect_with_pairing_code', {}],
      ['connect_with_pairing_code', { pairing_code: 42 }],
      ['get_user_notification_tokens', { p_user_id: 'x' }],
      ['log_debug', { p_function_name: 5 }],
      ['get_recent_debug_logs', { p_limit: 'many' }],
      ['has_partner', { extra: true }],
    ];
    for (const [name, body] of bodies) {
      const response = await as(alice, 'POST', `/rest/v1/rpc/${name}`, { body });
      expect(response.status, name).toBe(400);
      expect(response.body, name).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    const badJson = await as(alice, 'POST', '/rest/v1/messages', {
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    const badRow = await as(alice, 'POST', '/rest/v1/messages', {
      body: { sender_id: alice.id, receiver_id: bob.id, intensity: 99, urgency: 1 },
    });
    expect(badRow.status).toBe(400);
    expect(badRow.body).toMatchObject({ message: 'intensity must be an integer from 0 to 10' });
    const signup = await request(server.url, 'POST', '/auth/v1/signup', {
      headers: { apikey: ANON_KEY },
      body: { email: 'weak@example.com', password: '123' },
    });
    expect(signup.status).toBe(422);
    expect(signup.body).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
    const noSession = await request(server.url, 'GET', '/auth/v1/user', {
      headers: { apikey: ANON_KEY },
    });
    expect(noSession.status).toBe(401);
    expect(noSession.body).toMatchObject({ msg: 'Auth session missing!' });
    const anonymous = await request(server.url, 'GET', '/rest/v1/profiles', {
      headers: { apikey: ANON_KEY },
    });
    expect(anonymous.status).toBe(401);
  });
});
