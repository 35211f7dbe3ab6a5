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
