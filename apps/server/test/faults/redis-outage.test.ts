import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { Message } from '@couple/protocol';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck, nextEvent, pause, record } from '../helpers/live-client.js';
import { median, POLL } from '../helpers/timing.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/**
 * While Redis is away, what does not need it answers about as fast as with Redis up: the median
 * of the calls is under this many times the slowest of the same calls measured just before. A
 * call that waited on Redis would wait for its reconnection attempts (up to 5 s each) every time.
 */
const BASELINE_FACTOR = 4;
/** Rounds of the timed calls, with Redis up and with Redis away. */
const ROUNDS = 3;
/** A deadline for what must happen, far above any machine's hiccup. */
const DEADLINE_MS = 10_000;

describe.skipIf(!databaseUrl || !redisUrl)(
  'Redis down between two instances (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase;
    let redisProxy: TcpProxy;
    let redisPort: number;
    let first: TestServer;
    let second: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let dave: TestUser;
    const sockets: Record<string, Socket> = {};

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const redis = new URL(redisUrl!);
      redisPort = Number(redis.port || 6379);
      redisProxy = await startTcpProxy([redisPort]);
      redis.host = `127.0.0.1:${redisProxy.port}`;
      const env = { REDIS_URL: redis.toString() };
      first = await startTestServer('postgres', { database, env });
      second = await startTestServer('postgres', { database, env });
      [alice, bob, carol, dave] = await Promise.all([
        createUser(first.url),
        createUser(first.url),
        createUser(first.url),
        createUser(first.url),
      ]);
      await pair(first.url, alice, bob);
      await pair(first.url, carol, dave);
      // alice and bob live on different instances; carol and dave share the first.
      sockets.alice = await connectLive(first.url, alice.token);
      sockets.bob = await connectLive(second.url, bob.token);
      sockets.carol = await connectLive(first.url, carol.token);
      sockets.dave = await connectLive(first.url, dave.token);
    });
    afterAll(async () => {
      for (const socket of Object.values(sockets)) socket.close();
      await redisProxy?.restore();
      await first?.close();
      await second?.close();
      await redisProxy?.close();
      await database?.drop();
    });

    it('delivers across instances while Redis is up', async () => {
      const received = nextEvent(sockets.bob!, 'new_message');
      const ack = await emitWithAck<{ message: Message }>(sockets.alice!, 'send_message', desire());
      expect(ack.ok).toBe(true);
      expect((await received).id).toBe(ack.ok ? ack.data.message.id : '');
    });

    /** Carol's desire over the live channel until Dave has it, then Bob's sign-in: each timed. */
    async function timedCalls(rounds: number): Promise<{ send: number[]; login: number[] }> {
      const times = { send: [] as number[], login: [] as number[] };
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        const received = nextEvent(sockets.dave!, 'new_message', DEADLINE_MS);
        const ack = await emitWithAck<{ message: Message }>(
          sockets.carol!,
          'send_message',
          desire({ id: randomUUID() }),
        );
        expect(ack.ok).toBe(true);
        expect((await received).id).toBe(ack.ok ? ack.data.message.id : '');
        const sent = performance.now();
        // Rate-limited: the sign-in budget and the failures are counted in Redis.
        const login = await request(second.url, 'POST', '/api/auth/login', {
          body: { email: bob.email, password: bob.password },
        });
        expect(login.status).toBe(200);
        times.send.push(sent - started);
        times.login.push(performance.now() - sent);
      }
      return times;
    }

    it('keeps single-instance delivery and the HTTP API working while Redis is away', async () => {
      const up = await timedCalls(ROUNDS);
      await redisProxy.cut();
      // Every connection to Redis is closed, and no new one is accepted.
      await vi.waitFor(() => expect(redisProxy.open.get(redisPort) ?? 0).toBe(0), POLL);

      // Delivery on one instance and the rate-limited routes answer without waiting on Redis.
      const away = await timedCalls(ROUNDS);
      const times = `Redis up: ${JSON.stringify(up)}, away: ${JSON.stringify(away)} (ms)`;
      expect(median(away.send), times).toBeLessThan(BASELINE_FACTOR * Math.max(...up.send));
      expect(median(away.login), times).toBeLessThan(BASELINE_FACTOR * Math.max(...up.login));

      const overHttp = nextEvent(sockets.dave!, 'new_message', DEADLINE_MS);
      const sent = await request(first.url, 'POST', '/api/messages', {
        token: carol.token,
        body: desire(),
      });
      expect(sent.status).toBe(201);
      expect((await overHttp).id).toBe(sent.body.message?.id);

      // A desire across instances is still stored and acknowledged; it waits in the inbox.
      const bobSees = record(sockets.bob!, 'new_message');
      const crossing = await emitWithAck<{ message: Message }>(
        sockets.alice!,
        'send_message',
        desire(),
      );
      expect(crossing.ok).toBe(true);
      const inbox = await request(second.url, 'GET', '/api/messages?limit=50', {
        token: bob.token,
      });
      expect(inbox.body.messages?.map((m) => m.id)).toContain(
        crossing.ok ? crossing.data.message.id : '',
      );
      // The cut is real: no instance has reached Redis since, so nothing could cross.
      expect(redisProxy.open.get(redisPort) ?? 0).toBe(0);
      expect(bobSees).toEqual([]);
      expect(Object.values(sockets).every((socket) => socket.connected)).toBe(true);
    });

    it('resumes cross-instance delivery by itself when Redis returns', async () => {
      await redisProxy.restore();
      const restoredAt = Date.now();
      const seen = record(sockets.bob!, 'new_message');
      const sentAfter = new Set<string>();
      let delivered: string | undefined;
      while (!delivered && Date.now() - restoredAt < 15_000) {
        const ack = await emitWithAck<{ message: Message }>(
          sockets.alice!,
          'send_message',
          desire(),
        );
        if (ack.ok) sentAfter.add(ack.data.message.id);
        await pause(250);
        delivered = seen.map((message) => message.id).find((id) => sentAfter.has(id));
      }
      expect(delivered).toBeDefined();
      // Once it is back, every new desire crosses again.
      const next = nextEvent(sockets.bob!, 'new_message');
      const ack = await emitWithAck<{ message: Message }>(sockets.alice!, 'send_message', desire());
      expect((await next).id).toBe(ack.ok ? ack.data.message.id : '');
    });
  },
);
