import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { Ack, Message } from '@couple/protocol';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { createUser, desire, pair, type TestUser } from '../helpers/api.js';
import { pause, webAppSocket } from '../helpers/live-client.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const COUPLES = 4;
/** Desires each sender has acknowledged before the kill, and again after it. */
const ACKED_EACH_SIDE = 6;
/** Deadline of each phase: far above what a loaded machine takes, below the test's limit. */
const PHASE = { timeout: 40_000, interval: 20 };

interface Partner {
  user: TestUser;
  partner: TestUser;
  socket: Socket;
  received: string[];
  disconnects: number;
  /** Its desires acknowledged so far, live or over HTTP. */
  acked: number;
}

/** A socket.io client as the web app configures it, once connected. */
function liveClient(url: string, token: string): Promise<Socket> {
  const socket = webAppSocket(url, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'kill -9 of one of two instances while couples send (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase;
    let first: ServerProcess;
    let second: ServerProcess;
    let balancer: TcpProxy;
    let url: string;
    const partners: Partner[] = [];
    const acknowledged = new Map<string, { receiver: string; via: 'socket' | 'http' }>();
    const lost: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const env = { DATABASE_URL: database.url!, REDIS_URL: redisUrl! };
      [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
      balancer = await startTcpProxy([first.port, second.port]);
      url = `http://127.0.0.1:${balancer.port}`;
      const couples: [TestUser, TestUser][] = [];
      for (let i = 0; i < COUPLES; i += 1) {
        const a = await createUser(url);
        const b = await createUser(url);
        await pair(url, a, b);
        couples.push([a, b], [b, a]);
      }
      // One after the other, so the balancer's turns put every other socket on each instance.
      for (const [user, partner] of couples) {
        const socket = await liveClient(url, user.token);
        const entry: Partner = { user, partner, socket, received: [], disconnects: 0, acked: 0 };
        socket.on('new_message', (message: Message) => entry.received.push(message.id));
        socket.on('disconnect', () => (entry.disconnects += 1));
        partners.push(entry);
      }
    });
    afterAll(async () => {
      for (const entry of partners) entry.socket.close();
      await balancer?.close();
      await Promise.all([first?.kill(), second?.kill()]);
      await database?.drop();
    });

    /** Live first; when the socket is down or the ack does not come, HTTP with the same id. */
    async function send(entry: Partner, index: number): Promise<void> {
      const id = randomUUID();
      const body = desire({ id, intensity: (index % 10) + 1 });
      if (entry.socket.connected) {
        const ack = (await entry.socket
          .timeout(2_000)
          .emitWithAck('send_message', body)
          .catch(() => undefined)) as Ack<{ message: Message }> | undefined;
        if (ack?.ok) {
          acknowledged.set(id, { receiver: entry.partner.id, via: 'socket' });
          entry.acked += 1;
          return;
        }
      }
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const response = await fetch(`${url}/api/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${entry.user.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(3_000),
        }).catch(() => undefined);
        if (response?.status === 201 || response?.status === 200) {
          acknowledged.set(id, { receiver: entry.partner.id, via: 'http' });
          entry.acked += 1;
          return;
        }
        // A client's back-off before it tries again, not a wait for anything.
        await pause(200);
      }
      lost.push(id);
    }

    it('keeps every acknowledged desire exactly once in the receiver inbox', async () => {
      let running = true;
      const senders = partners.map(async (entry) => {
        for (let index = 0; running; index += 1) {
          await send(entry, index);
          // A user's pace between two desires, not a wait for anything.
          await pause(100);
        }
      });
      const everyoneAcked = (count: (entry: Partner) => number) =>
        vi.waitFor(() => {
          expect(partners.filter((entry) => count(entry) < ACKED_EACH_SIDE)).toEqual([]);
        }, PHASE);
      // Killed in the middle of the stream: once every sender has had desires acknowledged.
      await everyoneAcked((entry) => entry.acked);
      const ackedBeforeKill = new Map(partners.map((entry) => [entry, entry.acked]));
      await first.kill('SIGKILL');
      // The sockets of the killed instance come back through the balancer to the other, and
      // every sender goes on sending.
      await everyoneAcked((entry) => entry.acked - ackedBeforeKill.get(entry)!);
      await vi.waitFor(() => {
        expect(partners.filter((entry) => !entry.socket.connected)).toEqual([]);
      }, PHASE);
      running = false;
      await Promise.all(senders);

      // Some sockets lived on the killed instance and came back through the balancer to the other.
      const moved = partners.filter((entry) => entry.disconnects > 0);
      expect(moved.length).toBeGreaterThan(0);
      expect(moved.length).toBeLessThan(partners.length);
      expect([...acknowledged.values()].filter((a) => a.via === 'http').length).toBeGreaterThan(0);

      expect(lost).toEqual([]);
      const { rows } = await database.db.query<{ id: string; receiver_id: string }>(
        'SELECT id, receiver_id FROM messages',
      );
      const stored = new Map<string, string[]>();
      for (const row of rows) stored.set(row.id, [...(stored.get(row.id) ?? []), row.receiver_id]);
      const wrong = [...acknowledged].filter(
        ([id, { receiver }]) => stored.get(id)?.join() !== receiver,
      );
      expect(wrong).toEqual([]);
      // Nothing else was stored: no desire appears twice under another id.
      expect(rows.length).toBe(acknowledged.size);
      expect(acknowledged.size).toBeGreaterThanOrEqual(partners.length * ACKED_EACH_SIDE * 2);
    }, 150_000);

    it('never delivered a desire twice to a live receiver', () => {
      for (const entry of partners)
        expect(new Set(entry.received).size).toBe(entry.received.length);
    });

    it('keeps serving on the surviving instance', async () => {
      expect(first.child.signalCode).toBe('SIGKILL');
      const health = await fetch(`${second.url}/api/health`);
      expect(health.status).toBe(200);
    });
  },
);
