import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import type { TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, nextEvent } from './helpers/live-client.js';
import { scrape, valueOf } from './helpers/metrics.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const TOKEN = 'metrics-token-for-scale-out-0123456789';

const count = async (server: TestServer, name: string) =>
  valueOf((await scrape(server.url, TOKEN)).families, name);

describe.skipIf(!databaseUrl || !redisUrl)(
  'desire metrics across two instances (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let instances: TwoInstances;
    let first: TestServer;
    let second: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let bobPhone: Socket;
    let bobLaptop: Socket;

    beforeAll(async () => {
      instances = await startTwoInstances(redisUrl!, { METRICS_TOKEN: TOKEN });
      ({ first, second } = instances);
      [alice, bob] = [await createUser(first.url), await createUser(second.url)];
      await pair(first.url, alice, bob);
      // Two of Bob's devices, both on the second instance.
      [bobPhone, bobLaptop] = await Promise.all([
        connectLive(second.url, bob.token),
        connectLive(second.url, bob.token),
      ]);
    });
    afterAll(async () => {
      bobPhone?.close();
      bobLaptop?.close();
      await instances?.close();
    });

    it('counts acceptance where the desire was sent and delivery where the receiver is, once', async () => {
      const names = ['couple_desires_accepted_total', 'couple_desires_delivered_total'];
      const before = await Promise.all(
        [first, second].flatMap((server) => names.map((name) => count(server, name))),
      );
      const arrived = Promise.all([
        nextEvent(bobPhone, 'new_message'),
        nextEvent(bobLaptop, 'new_message'),
      ]);
      const sent = await request(first.url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire({ id: randomUUID() }),
      });
      expect(sent.status).toBe(201);
      await arrived;
      const after = await Promise.all(
        [first, second].flatMap((server) => names.map((name) => count(server, name))),
      );
      // [first accepted, first delivered, second accepted, second delivered]
      expect(after.map((value, i) => value - before[i]!)).toEqual([1, 0, 0, 1]);
      expect(await count(second, 'couple_live_sockets')).toBe(2);
    });
  },
);
