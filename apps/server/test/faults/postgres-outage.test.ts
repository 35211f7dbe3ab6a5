import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { SERVER_TEXTS } from '@couple/protocol';
import { openPostgres } from '../../src/db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck, pause } from '../helpers/live-client.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** A request during the outage must be answered within this; a hang would run into the 10 s abort. */
const FAIL_FAST_MS = 2_000;

interface Outcome {
  status: number;
  ms: number;
  body: unknown;
  retryAfter: string | null;
  /** When it started and ended; a request that spans a cut or a restore may go either way. */
  phase: 'up' | 'down' | 'back' | 'transition';
}

describe.skipIf(!databaseUrl)('PostgreSQL restarted under load (needs TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceSocket: Socket;
  let phase: 'up' | 'down' | 'back' = 'up';
  const outcomes: Outcome[] = [];
  const created: string[] = [];

  /** One timed request as a client makes it; a hang shows up as status 0 after 10 s. */
  async function timed(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<Outcome> {
    const started = performance.now();
    const at = phase;
    try {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const parsed: unknown = response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : text;
      const outcome: Outcome = {
        status: response.status,
        ms: performance.now() - started,
        body: parsed,
        retryAfter: response.headers.get('retry-after'),
        phase: at === phase ? at : 'transition',
      };
      outcomes.push(outcome);
      return outcome;
    } catch {
      const outcome: Outcome = {
        status: 0,
        ms: performance.now() - started,
        body: null,
        retryAfter: null,
        phase: at === phase ? at : 'transition',
      };
      outcomes.push(outcome);
      return outcome;
    }
  }

  /** Clients that keep sending desires and reading their inbox until stopped. */
  function load(workers: number): { stop(): Promise<void> } {
    let running = true;
    const loops = Array.from({ length: workers }, async (_, worker) => {
      while (running) {
        const id = randomUUID();
        const sent = await timed(
          'POST',
          '/api/messages',
          alice.token,
          desire({ id, intensity: (worker % 10) + 1 }),
        );
        if (sent.status === 201) created.push(id);
        await timed('GET', '/api/messages?limit=50', bob.token);
        await pause(20);
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url!);
    proxy = await startTcpProxy([Number(target.port || 5432)]);
    target.host = `127.0.0.1:${proxy.port}`;
    const db = await openPostgres({ connectionString: target.toString() });
    server = await startTestServer('postgres', {
      database: { db, url: target.toString(), drop: () => db.close() },
    });
    alice = await createUser(server.url);
    bob = await createUser(server.url);
    await pair(server.url, alice, bob);
    aliceSocket = await connectLive(server.url, alice.token);
  });
  afterAll(async () => {
    aliceSocket?.close();
    await server?.close();
    await server?.database.drop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 quickly while the database is away and recovers by itself when it returns', async () => {
    const traffic = load(4);
    await pause(500);

    phase = 'down';
    await proxy.cut();
    await pause(300);
    const health = await timed('GET', '/api/health', alice.token);
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(FAIL_FAST_MS);
    const liveAck = await emitWithAck(aliceSocket, 'send_message', desire({ id: randomUUID() }));
    expect(liveAck).toEqual({
      ok: false,
      error: SERVER_TEXTS.serviceUnavailable,
      code: 'service_unavailable',
    });
    expect(aliceSocket.connected).toBe(true);
    await pause(1_500);

    phase = 'back';
    await proxy.restore();
    const restoredAt = Date.now();
    let recovered: Outcome | undefined;
    while (Date.now() - restoredAt < 10_000) {
      const probe = await timed('GET', '/api/health', alice.token);
      if (probe.status === 200) {
        recovered = probe;
        break;
      }
      await pause(100);
    }
    expect(recovered?.status).toBe(200);
    await pause(500);
    await traffic.stop();

    const down = outcomes.filter((o) => o.phase === 'down');
    expect(down.length).toBeGreaterThan(10);
    // Every answer is a success or a clear 503: no 500, no hang, no empty body.
    expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status))).toEqual([]);
    expect(
      down.filter((o) => o.status !== 503).map(({ status, body }) => ({ status, body })),
    ).toEqual([]);
    for (const failure of outcomes.filter((o) => o.status === 503 && o.body !== null)) {
      expect(failure.body).toMatchObject({ error: expect.any(String) });
    }
    expect(Math.max(...down.map((o) => o.ms))).toBeLessThan(FAIL_FAST_MS);
    // Without a restart, ordinary requests succeed again.
    const after = outcomes.filter((o) => o.phase === 'back' && o.status === 201);
    expect(after.length).toBeGreaterThan(0);
  });

  it('keeps the live channel and every acknowledged desire once the database is back', async () => {
    const ack = await emitWithAck<{ message: { id: string } }>(
      aliceSocket,
      'send_message',
      desire(),
    );
    expect(ack.ok).toBe(true);
    const { rows } = await database.db.query<{ id: string }>(
      'SELECT id FROM messages WHERE sender_id = $1',
      [alice.id],
    );
    const stored = new Set(rows.map((row) => row.id));
    expect(created.filter((id) => !stored.has(id))).toEqual([]);
    expect(created.length).toBeGreaterThan(5);
  });
});
