import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  createUser,
  request,
  type ApiResponse,
  type Answer,
  type TestUser,
} from './helpers/api.js';

function expectLimited(response: ApiResponse<Answer>): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: SERVER_TEXTS.tooManyRequests, code: 'rate_limited' });
  expect(response.headers.get('content-type')).toContain('application/json');
}

describe.each(DRIVERS)('rate limits on signup, login, refresh and pairing (%s)', (driver) => {
  let server: TestServer;
  let first: TestUser;
  let second: TestUser;
  const post = (path: string, body: unknown, token?: string) =>
    request(server.url, 'POST', path, { body, token });

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '3',
        RATE_LIMIT_REFRESH_PER_MINUTE: '2',
        RATE_LIMIT_PAIRING_PER_MINUTE: '2',
      },
    });
    first = await createUser(server.url);
    second = await createUser(server.url);
  });
  afterAll(() => server.close());

  it('answers the fourth login within a minute with 429 and a JSON error', async () => {
    const credentials = { email: 'limited@example.com', password: 'secret1' };
    expect((await post('/api/auth/signup', credentials)).status).toBe(201);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await post('/api/auth/login', credentials)).status).toBe(200);
    }
    expectLimited(await post('/api/auth/login', credentials));
  });

  it('limits signup and refresh too', async () => {
    // The two users of beforeAll and the one above used this minute's three signups.
    expectLimited(
      await post('/api/auth/signup', { email: 'late@example.com', password: 'secret1' }),
    );
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect((await post('/api/auth/refresh', { refresh_token: 'unknown' })).status).toBe(401);
    }
    expectLimited(await post('/api/auth/refresh', { refresh_token: 'unknown' }));
  });

  it('limits pairing attempts per user, not per address', async () => {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const attemptAnswer = await post('/api/partner/connect', { code: 'ZZZZ-ZZZZ' }, first.token);
      expect(attemptAnswer.status).toBe(404);
    }
    expectLimited(await post('/api/partner/connect', { code: 'ZZZZ-ZZZZ' }, first.token));
    const other = await post('/api/partner/connect', { code: 'ZZZZ-ZZZZ' }, second.token);
    expect(other.status).toBe(404);
  });
});

describe.each(DRIVERS)('one budget per action, whatever the surface or token (%s)', (driver) => {
  const ANON_KEY = 'rate-limit-anon-key-0123456789';
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(server.url, 'POST', path, { body, headers });
  const asApi = (token?: string) => ({
    apikey: ANON_KEY,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { ANON_KEY, RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_PAIRING_PER_MINUTE: '2' },
    });
    // Sign-up is limited too: two accounts leave one sign-up of this minute's three.
    [owner, stranger] = [await createUser(server.url), await createUser(server.url)];
  });
  afterAll(() => server.close());

  it('counts /api/auth/login and /auth/v1/token?grant_type=password as one sign-in budget', async () => {
    const wrong = { email: owner.email, password: 'wrong-password' };
    expect((await call('/api/auth/login', wrong)).status).toBe(401);
    expect((await call('/auth/v1/token?grant_type=password', wrong, asApi())).status).toBe(400);
    expect((await call('/api/auth/login', wrong)).status).toBe(401);
    expectLimited(await call('/api/auth/login', wrong));
    const viaAuthV1 = await call('/auth/v1/token?grant_type=password', wrong, asApi());
    expect(viaAuthV1.status).toBe(429);
  });

  it('keys sign-in by address: an attached token, valid or not, opens no new bucket', async () => {
    const wrong = { email: owner.email, password: 'wrong-password' };
    expectLimited(await call('/api/auth/login', wrong, { authorization: `Bearer ${owner.token}` }));
    expectLimited(
      await call('/api/auth/login', wrong, { authorization: `Bearer ${stranger.token}` }),
    );
    expectLimited(await call('/api/auth/login', wrong, { authorization: 'Bearer made-up' }));
  });

  it('counts /api/partner/connect and the connect RPC as one pairing budget per user', async () => {
    const code = { code: 'ZZZZ-ZZZZ' };
    const rpc = '/rest/v1/rpc/connect_with_pairing_code';
    const api = '/api/partner/connect';
    const auth = { authorization: `Bearer ${owner.token}` };
    expect((await call(api, code, auth)).status).toBe(404);
    expect((await call(rpc, { pairing_code: 'ZZZZ-ZZZZ' }, asApi(owner.token))).status).toBe(200);
    expectLimited(await call(api, code, auth));
    expect((await call(rpc, { pairing_code: 'ZZZZ-ZZZZ' }, asApi(owner.token))).status).toBe(429);
    // Another user has a budget of their own.
    const other = await call(api, code, { authorization: `Bearer ${stranger.token}` });
    expect(other.status).toBe(404);
  });
});
