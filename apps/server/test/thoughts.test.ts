import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THOUGHT_INTERVAL_SECONDS, type Thought } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, nextEvent } from './helpers/live-client.js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import { deleteAccountData } from '../src/account/repository.js';
import { waitForLimitsOnRedis } from './helpers/redis-limits.js';

/** "Thinking of you" (issue 29): send, list, read, the limit, the partner rule and the inputs. */
describe.each(DRIVERS)('thinking of you (%s)', (driver) => {
  let server: TestServer;

  const send = (user: TestUser, body?: unknown) =>
    request<Thought & { code?: string }>(server.url, 'POST', '/api/thoughts', {
      token: user.token,
      body,
    });
  const list = async (user: TestUser) => {
    const answer = await request<{ thoughts: Thought[] }>(server.url, 'GET', '/api/thoughts', {
      token: user.token,
    });
    expect(answer.status).toBe(200);
    return answer.body.thoughts;
  };
  const markRead = (user: TestUser) =>
    request<{ count: number }>(server.url, 'POST', '/api/thoughts/read', { token: user.token });
  const couple = async () => {
    const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    return [alice, bob] as const;
  };

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('sends to the partner, lists it to both, and the receiver alone marks it read', async () => {
    const [alice, bob] = await couple();
    const sent = await send(alice);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      sender_id: alice.id,
      receiver_id: bob.id,
      created_at: expect.any(String),
      read_at: null,
    });
    expect(await list(alice)).toEqual([sent.body]);
    expect(await list(bob)).toEqual([sent.body]);

    // The sender's "mark read" touches only what they received: nothing here.
    expect((await markRead(alice)).body).toEqual({ count: 0 });
    expect((await list(bob))[0]!.read_at).toBeNull();
    expect(await markRead(bob)).toMatchObject({ status: 200, body: { count: 1 } });
    expect((await list(alice))[0]!.read_at).toEqual(expect.any(String));
    expect((await markRead(bob)).body).toEqual({ count: 0 });
    // A body of null is no body: Bob answers in kind.
    expect((await send(bob, null)).status).toBe(201);
    expect(await list(alice)).toHaveLength(2);
  });

  it('answers a retry of the same id once, 200, without counting it against the limit', async () => {
    const [alice, bob] = await couple();
    const id = randomUUID();
    const first = await send(alice, { id });
    expect(first).toMatchObject({ status: 201, body: { id } });
    const retry = await send(alice, { id });
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(await list(bob)).toHaveLength(1);
    // Someone else's id is not this sender's retry: a thought of its own.
    const [carol] = await couple();
    const other = await send(carol, { id });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(id);
  });

  it('allows one per interval to each sender, whatever id it carries, and says when again', async () => {
    const [alice, bob] = await couple();
    expect((await send(alice)).status).toBe(201);
    const again = await send(alice, { id: randomUUID() });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'thought_rate_limited' });
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(THOUGHT_INTERVAL_SECONDS - 30);
    expect(retryAfter).toBeLessThanOrEqual(THOUGHT_INTERVAL_SECONDS);
    // The limit is the sender's: the partner may still answer in kind.
    expect((await send(bob)).status).toBe(201);
    expect(await list(bob)).toHaveLength(2);
  });

  it('refuses without a partner, before counting, and after the pair ends', async () => {
    const loner = await createUser(server.url);
    expect((await send(loner)).body).toMatchObject({ code: 'no_connected_partner' });
    expect((await send(loner)).status).toBe(409);
    const partner = await createUser(server.url);
    await pair(server.url, loner, partner);
    expect((await send(loner)).status).toBe(201);

    const [alice, bob] = await couple();
    await request(server.url, 'POST', '/api/partner/disconnect', { token: bob.token });
    expect((await send(alice)).body).toMatchObject({ code: 'no_connected_partner' });
  });

  it('refuses what the routes do not declare', async () => {
    const [alice] = await couple();
    const bad = async (method: string, path: string, body: unknown, code: string) => {
      const answer = await request(server.url, method, path, { token: alice.token, body });
      expect(answer, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        body: { code },
      });
    };
    await bad('POST', '/api/thoughts', { id: 'not-a-uuid' }, 'invalid_input');
    await bad('POST', '/api/thoughts', { id: 42 }, 'invalid_input');
    await bad('POST', '/api/thoughts', { note: 'hi' }, 'unknown_field');
    await bad('POST', '/api/thoughts', { id: randomUUID(), score: 9 }, 'unknown_field');
    await bad('POST', '/api/thoughts', ['x'], 'invalid_input');
    await bad('POST', '/api/thoughts/read', { ids: [randomUUID()] }, 'unknown_field');
    await bad('GET', '/api/thoughts?unread=1', undefined, 'unknown_field');
    await bad('POST', '/api/thoughts/read?all=1', undefined, 'unknown_field');
    // None of them spent the sender's one of the interval.
    expect((await send(alice)).status).toBe(201);
    for (const [method, path] of [
      ['POST', '/api/thoughts'],
      ['GET', '/api/thoughts'],
      ['POST', '/api/thoughts/read'],
    ] as const) {
      expect((await request(server.url, method, path)).status).toBe(401);
    }
  });

  it('tells both partners live, and nobody else', async () => {
    const [alice, bob] = await couple();
    const [carol] = await couple();
    const sockets = await Promise.all(
      [alice, bob, carol].map((user) => connectLive(server.url, user.token)),
    );
    const [aliceSocket, bobSocket, carolSocket] = sockets;
    try {
      const toBob = nextEvent(bobSocket!, 'thought_received');
      const toAlice = nextEvent(aliceSocket!, 'thought_received');
      const toCarol = nextEvent(carolSocket!, 'thought_received', 1_000);
      const sent = await send(alice);
      expect(await toBob).toEqual(sent.body);
      expect(await toAlice).toEqual(sent.body);
      await expect(toCarol).rejects.toThrow(/no thought_received/);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('shows rows to their two people only; only the sender writes, only the receiver reads', async () => {
    const [alice, bob] = await couple();
    const [carol, dave] = await couple();
    const sent = (await send(alice)).body;
    const asUser = async (user: TestUser, sql: string, params: unknown[] = []) =>
      (await server.ctx.db.asUser(user.id, (tx) => tx.query(sql, params as string[]))).rows;

    expect(await asUser(carol, 'SELECT * FROM thoughts')).toEqual([]);
    expect(await asUser(bob, 'SELECT id FROM thoughts')).toEqual([{ id: sent.id }]);
    // Carol cannot write as Alice, nor to someone who is not her partner.
    await expect(
      asUser(carol, 'INSERT INTO thoughts (sender_id, receiver_id) VALUES ($1, $2)', [
        alice.id,
        bob.id,
      ]),
    ).rejects.toThrow(/row-level security/);
    await expect(
      asUser(carol, 'INSERT INTO thoughts (sender_id, receiver_id) VALUES ($1, $2)', [
        carol.id,
        bob.id,
      ]),
    ).rejects.toThrow(/row-level security/);
    expect(
      await asUser(dave, 'SELECT count(*)::int AS n FROM thoughts WHERE receiver_id = $1', [
        dave.id,
      ]),
    ).toEqual([{ n: 0 }]);
    // The sender cannot mark it read; nobody rewrites who or when, nor deletes it.
    expect(await asUser(alice, 'UPDATE thoughts SET read_at = now() RETURNING id')).toEqual([]);
    await expect(asUser(bob, 'UPDATE thoughts SET created_at = now()')).rejects.toThrow(
      /permission denied/,
    );
    await expect(asUser(bob, 'DELETE FROM thoughts')).rejects.toThrow(/permission denied/);
  });

  it('goes with either account when it is deleted', async () => {
    const [alice, bob] = await couple();
    expect((await send(alice)).status).toBe(201);
    await server.ctx.db.transaction((tx) => deleteAccountData(tx, alice.id));
    const { rows } = await server.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM thoughts WHERE $1 IN (sender_id, receiver_id)',
      [bob.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// .ci/run provides both, so CI always runs this.
describe.skipIf(!process.env.TEST_DATABASE_URL || !redisUrl)(
  'one thinking-of-you limit across two instances on Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let instances: TwoInstances;

    beforeAll(async () => {
      instances = await startTwoInstances(redisUrl!);
      await waitForLimitsOnRedis([instances.first, instances.second], redisUrl!);
    });
    afterAll(() => instances?.close());

    it('refuses the second of the interval whichever instance it reaches', async () => {
      const { first, second } = instances;
      const [alice, bob] = [await createUser(first.url), await createUser(second.url)];
      await pair(first.url, alice, bob);
      const send = (server: TestServer) =>
        request(server.url, 'POST', '/api/thoughts', { token: alice.token, body: {} });
      expect((await send(first)).status).toBe(201);
      expect((await send(second)).status).toBe(429);
      expect((await send(first)).status).toBe(429);
    });
  },
);
