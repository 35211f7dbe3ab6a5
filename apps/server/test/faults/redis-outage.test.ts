import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { Message } from '@couple/protocol';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck, nextEvent, pause, record } from '../helpers/live-client.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** While Redis is away, what does not need it must answer within this. */
const PROMPT_MS = 2_000;

describe.skipIf(!databaseUrl || !redisUrl)(
  'Redis down between two instances (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase;
    let redisProxy: TcpProxy;
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
      redisProxy = await startTcpProxy([Number(redis.port || 6379)]);
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

    it('keeps single-instance delivery and the HTTP API working while Redis is away', async () => {
      await redisProxy.cut();
      await pause(300);

      const started = performance.now();
      const received = nextEvent(sockets.dave!, 'new_message', PROMPT_MS);
      const ack = await emitWithAck<{ message: Message }>(
        sockets.carol!,
        'send_message',
        desire({ id: randomUUID() }),
      );
      expect(ack.ok).toBe(true);
      expect((await received).id).toBe(ack.ok ? ack.data.message.id : '');
      expect(performance.now() - started).toBeLessThan(PROMPT_MS);

      const overHttp = nextEvent(sockets.dave!, 'new_message', PROMPT_MS);
      const sent = await request(first.url, 'POST', '/api/messages', {
        token: carol.token,
        body: desire(),
      });
      expect(sent.status).toBe(201);
      expect((await overHttp).id).toBe(sent.body.message?.id);

      // Rate-limited routes count in Redis; with Redis away they still answer, promptly.
      const loginStarted = performance.now();
      const login = await request(second.url, 'POST', '/api/auth/login', {
        body: { email: bob.email, password: bob.password },
      });
      expect(login.status).toBe(200);
      expect(performance.now() - loginStarted).toBeLessThan(PROMPT_MS);

      // A desire across instances is still stored and acknowledged; it waits in the inbox.
      const bobSees = record(sockets.bob!, 'new_message');
      const crossing = await emitWithAck<{ message: Message }>(
        sockets.alice!,
        'send_message',
        desire(),
      );
      expect(crossing.ok).toBe(true);
      await pause(500);
      // The cut is real: nothing crosses between the instances without Redis.
      expect(bobSees).toEqual([]);
      const inbox = await request(second.url, 'GET', '/api/messages?limit=50', {
        token: bob.token,
      });
      expect(inbox.body.messages?.map((m) => m.id)).toContain(
        crossing.ok ? crossing.data.message.id : '',
      );
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
