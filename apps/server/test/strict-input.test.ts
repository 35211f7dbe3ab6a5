import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_DEPTH_MAX } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

const JWT_SECRET = 'a-strict-input-secret-long-enough-for-hs256';
const ANON_KEY = 'strict-input-anon-key-0123456789';

/** JSON text of `depth` nested objects, built as text: JSON.stringify would overflow first. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;
}

describe.each(DRIVERS)('strict input: nothing a client sends is dropped (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const call = (method: string, path: string, user: TestUser | null, body?: unknown) =>
    request(server.url, method, path, { token: user?.token, body });
  const messageCount = async () =>
    Number(
      (await server.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { JWT_SECRET, ANON_KEY } });
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
  });
  afterAll(() => server?.close());

  it('refuses a desire with a field it does not declare, and stores nothing', async () => {
    const before = await messageCount();
    const response = await call('POST', '/api/messages', alice, {
      intensity: 5,
      urgency: 5,
      note: 'tonight?',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Unknown field: note', code: 'unknown_field' });
    expect(await messageCount()).toBe(before);
  });

  it('names every unknown field, on profile, sign-up and query strings alike', async () => {
    const profile = await call('PATCH', '/api/profile', alice, {
      username: 'someone',
      partner_id: bob.id,
    });
    expect(profile.status).toBe(400);
    expect(profile.body).toEqual({ error: 'Unknown field: partner_id', code: 'unknown_field' });

    const signUp = await call('POST', '/api/auth/signup', null, {
      email: 'extra@example.com',
      password: 'secret123',
      role: 'admin',
      plan: 'gold',
    });
    expect(signUp.body).toEqual({ error: 'Unknown fields: role, plan', code: 'unknown_field' });
    const login = await call('POST', '/api/auth/login', null, {
      email: 'extra@example.com',
      password: 'secret123',
    });
    expect(login.status).toBe(401);

    const list = await call('GET', '/api/messages?limit=5&unread=true', alice);
    expect(list.body).toEqual({ error: 'Unknown field: unread', code: 'unknown_field' });

    const nestedField = await call('POST', '/api/messages', alice, {
      intensity: 5,
      urgency: 5,
      encrypted: true,
      content: 'AAAA',
      encryptionData: {
        iv: 'AAAAAAAAAAAAAAAA',
        salt: 'AAAAAAAAAAAAAAAAAAAAAA==',
        version: 1,
        k: 1,
      },
    });
    expect(nestedField.status).toBe(400);
  });

  it('refuses NUL and other control characters with 400, keeping newlines in notes', async () => {
    for (const content of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m']) {
      const response = await call('POST', '/api/messages', alice, desire({ content }));
      expect(response.status, JSON.stringify(content)).toBe(400);
      expect(response.body).toEqual({
        error: 'content must not contain control characters',
        code: 'invalid_input',
      });
    }
    const lines = await call(
      'POST',
      '/api/messages',
      alice,
      desire({ content: 'one\ntwo\tthree' }),
    );
    expect(lines.status).toBe(201);
    expect(lines.body.message?.note).toBe('one\ntwo\tthree');

    const log = await call('POST', '/api/debug/logs', alice, {
      function_name: 'CLIENT_ERROR_test',
      error_message: 'nul\u0000here',
    });
    expect(log.status).toBe(400);
    const key = await call('POST', '/api/debug/logs', alice, {
      function_name: 'CLIENT_ERROR_test',
      input_params: { 'bad\u0000key': 1 },
    });
    expect(key.status).toBe(400);
  });

  it('bounds JSON nesting before it reaches JSON.stringify or SQL', async () => {
    const deep = await request(server.url, 'POST', '/api/debug/logs', {
      token: alice.token,
      headers: { 'content-type': 'application/json' },
      rawBody: `{"function_name":"CLIENT_ERROR_deep","input_params":${nestedJson(1500)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({
      error: `JSON is nested more than ${INPUT_DEPTH_MAX} levels deep`,
      code: 'invalid_input',
    });
    const fine = await call('POST', '/api/debug/logs', alice, {
      function_name: 'CLIENT_ERROR_shallow',
      input_params: JSON.parse(nestedJson(INPUT_DEPTH_MAX - 2)) as unknown,
    });
    expect(fine.status).toBe(201);
  });

  it('answers 401, never 500, for a validly signed token with a bad subject or no expiry', async () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const base = () =>
      new SignJWT({ sid: '00000000-0000-4000-8000-000000000001', role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('couple-desires')
        .setAudience('authenticated')
        .setIssuedAt();
    const notUuid = await base().setSubject('not-a-uuid').setExpirationTime('10m').sign(key);
    const noExpiry = await base().setSubject(alice.id).sign(key);
    for (const token of [notUuid, noExpiry]) {
      const response = await request(server.url, 'GET', '/api/profile', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('accepts the fields supabase-js adds to the auth calls', async () => {
    const anonKey = ANON_KEY;
    const signUp = await request(server.url, 'POST', '/auth/v1/signup', {
      headers: { apikey: anonKey },
      body: {
        email: 'supabase@example.com',
        password: 'secret123',
        data: {},
        gotrue_meta_security: { captcha_token: null },
        code_challenge: null,
        code_challenge_method: null,
      },
    });
    expect(signUp.status).toBe(200);
    const token = await request(server.url, 'POST', '/auth/v1/token?grant_type=password', {
      headers: { apikey: anonKey },
      body: {
        email: 'supabase@example.com',
        password: 'secret123',
        gotrue_meta_security: { captcha_token: null },
      },
    });
    expect(token.status).toBe(200);
    const extra = await request(server.url, 'POST', '/auth/v1/token?grant_type=password', {
      headers: { apikey: anonKey },
      body: { email: 'supabase@example.com', password: 'secret123', admin: true },
    });
    expect(extra.status).toBe(400);
  });
});
