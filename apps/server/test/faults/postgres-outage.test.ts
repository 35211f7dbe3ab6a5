import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { SERVER_TEXTS } from '@couple/protocol';
import { openPostgres } from '../../src/db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck, pause } from '../helpers/live-client.js';
import { POLL } from '../helpers/timing.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** How long a client waits for an answer before it gives up (status 0 here). */
const ABORT_MS = 10_000;
/**
 * The pool's connection and query timeouts, longer than that: a request that waited for either
 * instead of failing at once is aborted first, and shows up as status 0, never as a late 503.
 */
const POOL_TIMEOUT_MS = 3 * ABORT_MS;

interface Outcome {
  status: number;
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

  /** One request as a client makes it; a hang shows up as status 0 after ABORT_MS. */
  async function timed(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<Outcome> {
    const at = phase;
    try {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(ABORT_MS),
      });
      const text = await response.text();
      const parsed: unknown = response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : text;
      const outcome: Outcome = {
        status: response.status,
        body: parsed,
        retryAfter: response.headers.get('retry-after'),
        phase: at === phase ? at : 'transition',
      };
      outcomes.push(outcome);
      return outcome;
    } catch {
      const outcome: Outcome = {
        status: 0,
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
        // A client's pace, not a wait for anything.
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
    const db = await openPostgres({
      connectionString: target.toString(),
      connectionTimeoutMs: POOL_TIMEOUT_MS,
      queryTimeoutMs: POOL_TIMEOUT_MS,
    });
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

  const answered = (phase: Outcome['phase'], status?: number) =>
    outcomes.filter((o) => o.phase === phase && (status === undefined || o.status === status))
      .length;

  it('answers 503 at once while the database is away and recovers by itself when it returns', async () => {
    const traffic = load(4);
    await vi.waitFor(() => expect(answered('up', 201)).toBeGreaterThan(4), POLL);

    phase = 'down';
    await proxy.cut();
    const health = await timed('GET', '/api/health', alice.token);
    expect(health.status).toBe(503);
    const liveAck = await emitWithAck(aliceSocket, 'send_message', desire({ id: randomUUID() }));
    expect(liveAck).toEqual({
      ok: false,
      error: SERVER_TEXTS.serviceUnavailable,
      code: 'service_unavailable',
    });
    expect(aliceSocket.connected).toBe(true);
    // The clients go on through the outage.
    await vi.waitFor(() => expect(answered('down')).toBeGreaterThan(10), POLL);

    phase = 'back';
    await proxy.restore();
    await vi.waitFor(
      async () => expect((await timed('GET', '/api/health', alice.token)).status).toBe(200),
      POLL,
    );
    // Without a restart, ordinary requests succeed again.
    await vi.waitFor(() => expect(answered('back', 201)).toBeGreaterThan(0), POLL);
    await traffic.stop();

    const down = outcomes.filter((o) => o.phase === 'down');
    // Every answer is a success or a clear 503: no 500, no empty body, and no hang (status 0:
    // aborted, as a request that waited for a pool timeout would be, before it fired).
    expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status))).toEqual([]);
    expect(
      down.filter((o) => o.status !== 503).map(({ status, body }) => ({ status, body })),
    ).toEqual([]);
    for (const failure of outcomes.filter((o) => o.status === 503 && o.body !== null)) {
      expect(failure.body).toMatchObject({ error: expect.any(String) });
    }
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
