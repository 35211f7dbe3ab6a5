import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, SERVER_TEXTS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { holdDatabase } from './helpers/hold-database.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { scrape, valueOf } from './helpers/metrics.js';
import { connectLive, emitWithAck } from './helpers/live-client.js';
import { POLL } from './helpers/timing.js';
import { startPGliteWorker } from '../src/db/pglite/worker-client.js';
import { migrate } from '../src/db/migrate.js';
import { readyRoutes } from '../src/health/ready.js';
import { registerErrorHandling } from '../src/http/errors.js';

const WAIT_MS = 50;
const TOKEN = 'metrics-token-for-ready-0123456789';

/**
 * A request written up to its last header line: the server has begun reading it, so closing
 * waits for it, and it is finished (sent) only when `finish` is called.
 */
function halfSentRequest(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return {
    async finish(): Promise<{ status: number; body: unknown }> {
      socket.write('\r\n');
      await ended;
      const [head, body] = received.split('\r\n\r\n') as [string, string];
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown };
    },
  };
}

/** Issue 26: GET /api/ready is the readiness probe; GET /api/health stays liveness. */
describe.each(DRIVERS)('readiness probe (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: {
        LOAD_SHED_PENDING: '2',
        LOAD_SHED_WAIT_MS: String(WAIT_MS),
        // Shedding here is by the database's backlog, never by a stall of a busy machine.
        LOAD_SHED_LOOP_MS: '600000',
        METRICS_TOKEN: TOKEN,
      },
    });
    alice = await createUser(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 200 ready with the driver while the database answers and is migrated', async () => {
    const ready = await request(server.url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: driver });
  });

  it('refuses a query string, a body and other methods with 4xx JSON', async () => {
    const query = await request(server.url, 'GET', '/api/ready?verbose=1');
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: 'unknown_field' });
    const post = await request(server.url, 'POST', '/api/ready', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: 'not_found' });
  });

  it('answers 503 server_busy in its own shape while the server sheds load, and counts the shed', async () => {
    const sheds = async () => {
      const { families } = await scrape(server.url, TOKEN);
      const metric = 'couple_load_shed_refusals_total';
      return [
        valueOf(families, metric, { surface: 'http' }),
        valueOf(families, metric, { surface: 'live' }),
      ];
    };
    const socket = await connectLive(server.url, alice.token);
    const before = await sheds();
    const release = holdDatabase(server.ctx.db, 4);
    // Taken after the holds began: they have been in flight at least this long.
    const heldSince = Date.now();
    try {
      // Behind: more in flight than LOAD_SHED_PENDING, the oldest older than WAIT_MS, by the
      // held transactions alone. An older operation in flight beside them (background work)
      // made the gauge say so sooner, and once it finished the next request was served.
      await vi.waitFor(() => {
        expect(Date.now() - heldSince).toBeGreaterThan(WAIT_MS);
        expect(server.ctx.overloaded()).toBe(true);
      }, POLL);
      const ready = await request(server.url, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'busy',
        error: ERRORS.server_busy.text,
        code: 'server_busy',
      });
      expect(ready.headers.get('retry-after')).toBe('1');
      const shed = await request(server.url, 'GET', '/api/profile', { token: alice.token });
      expect(shed.status).toBe(503);
      expect(shed.body).toMatchObject({ code: 'server_busy' });
      const event = await emitWithAck(socket, 'get_unread_count', {});
      expect(event).toMatchObject({ ok: false, code: 'server_busy' });
    } finally {
      await release();
      socket.close();
    }
    expect((await request(server.url, 'GET', '/api/ready')).status).toBe(200);
    const after = await sheds();
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([1, 1]);
  });
});

/** Status and `connection` header of a GET, read off the wire (fetch hides hop-by-hop headers). */
function rawGet(url: string): Promise<{ status: number; connection: string | undefined }> {
  // A client that would keep the connection, as a proxy's pool does.
  const agent = new Agent({ keepAlive: true });
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    }).on('error', reject);
  }).finally(() => agent.destroy());
}

describe.each(DRIVERS)('readiness while shutting down (%s)', (driver) => {
  let server: TestServer;
  // Set up in a hook: a migrated database takes a loaded machine longer than the test's closing.
  beforeAll(async () => {
    server = await startTestServer(driver);
  });

  it('while draining, says 503 shutting_down but serves, closing each connection', async () => {
    expect(await rawGet(`${server.url}/api/ready`)).toEqual({
      status: 200,
      connection: 'keep-alive',
    });
    server.wayDown.startDraining();
    const body = await request(server.url, 'GET', '/api/ready');
    expect([body.status, body.body]).toEqual([
      503,
      { status: 'shutting_down', error: SERVER_TEXTS.shuttingDown, code: 'service_unavailable' },
    ]);
    expect(await rawGet(`${server.url}/api/health`)).toEqual({ status: 200, connection: 'close' });
    // Real work still goes through.
    await createUser(server.url);
    expect(server.app.server.listening).toBe(true);
  });

  it('answers 503 shutting_down from the moment the app starts closing, other routes 503 too', async () => {
    try {
      const accepted: Socket[] = [];
      server.app.server.on('connection', (socket: Socket) => accepted.push(socket));
      const probe = halfSentRequest(server.url, '/api/ready');
      const other = halfSentRequest(server.url, '/api/partner/status');
      // The server has read both beginnings: closing waits for those requests, not idle sockets.
      await vi.waitFor(
        () => expect(accepted.filter((socket) => socket.bytesRead > 0)).toHaveLength(2),
        POLL,
      );
      const closed = server.app.close();
      // It stops listening once its preClose hooks (which mark it closing) have run.
      await vi.waitFor(() => expect(server.app.server.listening).toBe(false), POLL);
      expect(await probe.finish()).toEqual({
        status: 503,
        body: {
          status: 'shutting_down',
          error: SERVER_TEXTS.shuttingDown,
          code: 'service_unavailable',
        },
      });
      expect(await other.finish()).toEqual({
        status: 503,
        body: { error: SERVER_TEXTS.shuttingDown, code: 'service_unavailable' },
      });
      await closed;
    } finally {
      await server.database.drop();
    }
  });
});

describe('readiness without the database (pglite)', () => {
  let server: TestServer;
  let worker: Worker;
  beforeAll(async () => {
    const started = await startPGliteWorker();
    worker = started.worker;
    const { db } = started;
    await migrate(db);
    server = await startTestServer('pglite', { database: { db, drop: () => db.close() } });
  });

  it('answers 503 unavailable once the database is gone, and while migrations are missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ready-migrations-'));
    const probeApp = Fastify();
    registerErrorHandling(probeApp);
    try {
      // A build carrying a migration the database does not have yet.
      await writeFile(join(dir, '999_from_the_future.sql'), 'SELECT 1;');
      await probeApp.register(readyRoutes, {
        ctx: server.ctx,
        leaving: () => false,
        migrationsDir: dir,
      });
      const pending = await probeApp.inject({ method: 'GET', url: '/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({
        status: 'unavailable',
        error: SERVER_TEXTS.migrationsPending,
        code: 'service_unavailable',
      });

      await worker.terminate();
      const gone = await request(server.url, 'GET', '/api/ready');
      expect(gone.status).toBe(503);
      expect(gone.body).toEqual({
        status: 'unavailable',
        error: SERVER_TEXTS.databaseUnreachable,
        code: 'service_unavailable',
      });
    } finally {
      await probeApp.close();
      await rm(dir, { recursive: true, force: true });
      await server.close();
    }
  });
});
