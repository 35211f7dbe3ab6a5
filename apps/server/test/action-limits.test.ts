import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, type Ack } from '@couple/protocol';
import { DRIVERS, createTestDatabase, type TestDatabase } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, emitWithAck } from './helpers/live-client.js';
import { waitForLimitsOnRedis } from './helpers/redis-limits.js';

const ANON_KEY = 'action-limits-anon-key-0123456789';

describe.each(DRIVERS)('limits that hold whatever the surface (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const fromAddress = (address: string) => ({ 'x-forwarded-for': address });
  const login = (email: string, password: string, address: string) =>
    request(server.url, 'POST', '/api/auth/login', {
      body: { email, password },
      headers: fromAddress(address),
    });

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: {
        ANON_KEY,
        TRUST_PROXY: 'true',
        RATE_LIMIT_DESIRES_PER_MINUTE: '4',
        SIGN_IN_FAILURES_BEFORE_SLOWDOWN: '3',
        SIGN_IN_SLOWDOWN_SECONDS: '1',
      },
    });
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
  });
  afterAll(() => server?.close());

  it('counts desires per sender over HTTP, the live channel and /rest/v1 together', async () => {
    const http = () =>
      request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
    expect((await http()).status).toBe(201);
    expect((await http()).status).toBe(201);
    const socket = await connectLive(server.url, alice.token);
    try {
      const live = await emitWithAck<Ack<unknown>>(socket, 'send_message', desire());
      expect(live.ok).toBe(true);
      const row = {
        sender_id: alice.id,
        receiver_id: bob.id,
        intensity: 5,
        urgency: 5,
        encrypted: false,
        note: null,
      };
      const rest = await request(server.url, 'POST', '/rest/v1/messages', {
        token: alice.token,
        headers: { apikey: ANON_KEY },
        body: row,
      });
      expect(rest.status).toBe(201);

      const refused = await http();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: SERVER_TEXTS.desireRateLimited,
        code: 'desire_rate_limited',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const liveRefused = await emitWithAck<Ack<unknown>>(socket, 'send_message', desire());
      expect(liveRefused).toMatchObject({ ok: false, code: 'desire_rate_limited' });
    } finally {
      socket.close();
    }
    // The partner has a budget of their own.
    const fromBob = await request(server.url, 'POST', '/api/messages', {
      token: bob.token,
      body: desire(),
    });
    expect(fromBob.status).toBe(201);
  });

  it('slows an account down after failed sign-ins from any address, never locks it out', async () => {
    const owner = await createUser(server.url);
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await login(owner.email, 'wrong-password', address)).status).toBe(401);
    }
    // Slowed down: one attempt per interval gets through, from wherever it comes.
    expect((await login(owner.email, 'wrong-password', '198.51.100.7')).status).toBe(401);
    const held = await login(owner.email, owner.password, '198.51.100.8');
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ error: SERVER_TEXTS.signInSlowed, code: 'sign_in_slowed' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is untouched.
    expect((await login(alice.email, alice.password, '203.0.113.1')).status).toBe(200);

    // After the interval the owner gets in, and a success clears the failures. The interval is
    // the subject and the limiter keeps its own clock, so it passes in real time: it began
    // before this wait, and a slower machine only waits longer.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(owner.email, owner.password, '198.51.100.8')).status).toBe(200);
    expect((await login(owner.email, 'wrong-password', '198.51.100.8')).status).toBe(401);
    expect((await login(owner.email, owner.password, '198.51.100.8')).status).toBe(200);
  });

  it('counts concurrent wrong guesses before checking any, so a burst gets no further', async () => {
    const owner = await createUser(server.url);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        login(owner.email, 'wrong-password', `203.0.113.${20 + index}`),
      ),
    );
    // The three failures of the budget, and the one attempt of the slowed-down interval.
    const checked = guesses.filter((guess) => guess.status === 401);
    const held = guesses.filter((guess) => guess.status === 429);
    expect([checked.length, held.length]).toEqual([4, 4]);
    for (const refusal of held) {
      expect(refusal.body).toEqual({ error: SERVER_TEXTS.signInSlowed, code: 'sign_in_slowed' });
    }
  });

  it('gives a right password its attempt back', async () => {
    const owner = await createUser(server.url);
    // Re-authentication keeps no other tally: without the refund the fifth would be slowed.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const change = await request(server.url, 'PUT', '/api/auth/password', {
        token: owner.token,
        body: { current_password: owner.password, password: owner.password },
      });
      expect(change.status).toBe(204);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(owner.email, owner.password, '198.51.100.9')).status).toBe(200);
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(owner.email, 'wrong-password', '198.51.100.9')).status).toBe(401);
    }
  });

  it('slows /auth/v1 sign-ins of the same account too', async () => {
    const owner = await createUser(server.url);
    const viaAuthV1 = (password: string) =>
      request(server.url, 'POST', '/auth/v1/token?grant_type=password', {
        headers: { apikey: ANON_KEY, ...fromAddress('192.0.2.9') },
        body: { email: owner.email, password },
      });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await viaAuthV1('wrong-password')).status).toBe(400);
    }
    const held = await viaAuthV1(owner.password);
    expect(held.status).toBe(429);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// .ci/run provides both, so CI always runs this.
describe.skipIf(!databaseUrl || !redisUrl)(
  'one desire budget across two instances on Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase;
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const env = {
        REDIS_URL: redisUrl!,
        RATE_LIMIT_DESIRES_PER_MINUTE: '2',
        SIGN_IN_FAILURES_BEFORE_SLOWDOWN: '3',
      };
      first = await startTestServer('postgres', { database, env });
      second = await startTestServer('postgres', { database, env });
      await waitForLimitsOnRedis([first, second], redisUrl!);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await database?.drop();
    });

    it('refuses the third desire of a minute whichever instance the sends reach', async () => {
      const [carol, dave] = [await createUser(first.url), await createUser(second.url)];
      await pair(first.url, carol, dave);
      const send = (server: TestServer) =>
        request(server.url, 'POST', '/api/messages', { token: carol.token, body: desire() });
      expect((await send(first)).status).toBe(201);
      expect((await send(second)).status).toBe(201);
      expect((await send(first)).status).toBe(429);
      expect((await send(second)).status).toBe(429);
    });

    it('lets a burst of wrong guesses over both instances no further than the budget', async () => {
      const owner = await createUser(first.url);
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          request((index % 2 ? first : second).url, 'POST', '/api/auth/login', {
            body: { email: owner.email, password: 'wrong-password' },
          }),
        ),
      );
      const statuses = guesses.map((guess) => guess.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
    });
  },
);
