import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SERVER_TEXTS } from '@couple/protocol';
import { openPostgres } from '../../src/db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck } from '../helpers/live-client.js';
import { POLL } from '../helpers/timing.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** The pool's client-side bounds, made short here so the test is; production keeps its defaults. */
const QUERY_TIMEOUT_MS = 1_500;
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * The client's patience, far above both bounds: nothing but the pool's bounds can end a wait on
 * the silent database before it, so an answer at all is one within them, and a hang is status 0.
 */
const ABORT_MS = 4 * (QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS);

/** A request with the client's own patience (ABORT_MS): a hang shows up as status 0. */
async function call(url: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(ABORT_MS),
  }).catch(() => undefined);
  const parsed: unknown = response ? await response.json().catch(() => undefined) : undefined;
  return { status: response?.status ?? 0, body: parsed };
}

/**
 * The database stops answering without closing anything (a network partition, a frozen host):
 * statement_timeout cannot help, since it is enforced by the server that is not answering.
 */
describe.skipIf(!databaseUrl)(
  'PostgreSQL unreachable without a reset (needs TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let server: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let aliceSocket: Socket;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const target = new URL(database.url!);
      proxy = await startTcpProxy([Number(target.port || 5432)]);
      target.host = `127.0.0.1:${proxy.port}`;
      const db = await openPostgres({
        connectionString: target.toString(),
        queryTimeoutMs: QUERY_TIMEOUT_MS,
        connectionTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      server = await startTestServer('postgres', { database: { db, drop: () => db.close() } });
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

    it('answers 503 within the pool bounds, for pooled and new connections alike, then recovers', async () => {
      // Warm the pool so that some requests meet an open connection that has gone silent.
      await Promise.all(
        [1, 2, 3, 4].map(() => call(server.url, 'GET', '/api/messages', bob.token)),
      );
      proxy.freeze();
      const during = await Promise.all([
        call(server.url, 'POST', '/api/messages', alice.token, desire()),
        call(server.url, 'GET', '/api/messages', bob.token),
        call(server.url, 'GET', '/api/profile', alice.token),
        call(server.url, 'GET', '/api/health', alice.token),
        call(server.url, 'POST', '/api/messages/mark-all-read', bob.token),
        call(server.url, 'GET', '/api/messages/unread-count', bob.token),
      ]);
      // Answered, so within the pool's bounds: a request they did not end is aborted (status 0).
      expect(during.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503]);
      for (const r of during) expect(r.body).toMatchObject({ error: expect.any(String) });
      // Acknowledged, so before the client's 5 s wait for an ack, twice the pool's bounds.
      const ack = await emitWithAck(aliceSocket, 'send_message', desire());
      expect(ack).toEqual({
        ok: false,
        error: SERVER_TEXTS.serviceUnavailable,
        code: 'service_unavailable',
      });

      await proxy.restore();
      await vi.waitFor(async () => {
        const after = await call(server.url, 'POST', '/api/messages', alice.token, desire());
        expect(after.status).toBe(201);
      }, POLL);
      // No connection stuck on a silent query is handed out again.
      const settled = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() => call(server.url, 'GET', '/api/messages', bob.token)),
      );
      expect(settled.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    }, 60_000);
  },
);
