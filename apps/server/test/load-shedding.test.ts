import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ERRORS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { holdDatabase } from './helpers/hold-database.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, emitWithAck } from './helpers/live-client.js';
import { POLL } from './helpers/timing.js';

const ANON_KEY = 'test-anon-key-load-shedding-0123';
const WAIT_MS = 50;
/** The event loop's limit of the server that sheds by it: its test blocks the loop for longer. */
const LOOP_MS = 300;
/** The limit elsewhere: no stall of a busy test machine reaches it. */
const NEVER_MS = 600_000;

/** Keeps the event loop busy for `ms`: nothing else on this thread runs meanwhile. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** Issue 19: an overloaded database makes the server refuse new work at once, retryably. */
describe.each(DRIVERS)('load shedding (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let socket: Socket;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: {
        ANON_KEY,
        LOAD_SHED_PENDING: '2',
        LOAD_SHED_WAIT_MS: String(WAIT_MS),
        LOAD_SHED_LOOP_MS: String(NEVER_MS),
      },
    });
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    socket = await connectLive(server.url, alice.token);
  });
  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  it('answers 503 server_busy with Retry-After on every surface while behind, then serves again', async () => {
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
      await expectShed();
    } finally {
      await release();
    }
    const served = await request(server.url, 'GET', '/api/profile', { token: alice.token });
    expect(served.status).toBe(200);
    const sent = await emitWithAck(socket, 'send_message', desire());
    expect(sent.ok).toBe(true);
  });

  /** What the server measured when a request was not shed as expected. */
  function loadNow(): string {
    const { load, overloaded } = server.ctx;
    return JSON.stringify({
      pending: load.pending(),
      oldestMs: load.oldestMs(),
      overloaded: overloaded(),
    });
  }

  async function expectShed(): Promise<void> {
    const busy = await request(server.url, 'GET', '/api/profile', { token: alice.token });
    expect(busy.status, loadNow()).toBe(503);
    expect(busy.body).toEqual({ error: ERRORS.server_busy.text, code: 'server_busy' });
    expect(busy.headers.get('retry-after')).toBe('1');

    const rest = await fetch(`${server.url}/rest/v1/profiles?id=eq.${alice.id}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${alice.token}` },
    });
    expect(rest.status, loadNow()).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('1');

    const ack = await emitWithAck(socket, 'send_message', desire());
    expect(ack, loadNow()).toMatchObject({ ok: false, code: 'server_busy' });
  }

  it('sheds while the event loop runs later than its limit window after window', async () => {
    // Its own app on the same database, whose limit a loop blocked by the test does exceed.
    const blocked = await startTestServer(driver, {
      database: server.database,
      env: { ANON_KEY, LOAD_SHED_LOOP_MS: String(LOOP_MS) },
    });
    try {
      // The server shares this thread: a loop this busy cannot serve anyone in time. Between
      // the two stalls its overdue sampler runs (timers run in the order they fell due).
      block(LOOP_MS + 300);
      await new Promise((resolve) => setTimeout(resolve, 1));
      block(LOOP_MS + 300);
      const profile = () =>
        request(blocked.url, 'GET', '/api/profile', { token: alice.token }).then((r) => r.status);
      expect(await profile()).toBe(503);
      await expect.poll(profile, POLL).toBe(200);
    } finally {
      await blocked.close();
    }
  });

  it('does not shed for one stall of the event loop, however long', async () => {
    // A paused machine or a first compile: the loop is late once, and then keeps up again.
    const stalled = await startTestServer(driver, {
      database: server.database,
      env: { ANON_KEY, LOAD_SHED_LOOP_MS: String(LOOP_MS) },
    });
    try {
      block(LOOP_MS * 4);
      const profile = await request(stalled.url, 'GET', '/api/profile', { token: alice.token });
      expect(profile.status).toBe(200);
    } finally {
      await stalled.close();
    }
  });

  it('does not shed for the stalls of its own start-up', async () => {
    // Work between building the app and listening (here the loop blocked past its limit) is
    // not a backlog: once the server listens, its first request must not be shed for it.
    const starting = await startTestServer(driver, {
      database: server.database,
      env: { ANON_KEY, LOAD_SHED_LOOP_MS: String(LOOP_MS) },
      beforeListen: () => block(LOOP_MS + 300),
    });
    try {
      // Read before any timer could run after the listen: what the first request would meet.
      expect(starting.ctx.overloaded()).toBe(false);
    } finally {
      await starting.close();
    }
  });

  it('does not shed for one slow operation, nor for a short queue', async () => {
    const release = holdDatabase(server.ctx.db, 1);
    try {
      // One operation older than WAIT_MS: what would shed, were more of them in flight.
      await vi.waitFor(() => expect(server.ctx.load.oldestMs()).toBeGreaterThan(WAIT_MS), POLL);
      // The request itself must wait for the held transaction on PGlite (one at a time), so it
      // is sent now, and the transaction released once the request is in flight behind it.
      let answered = false;
      const answer = request(server.url, 'GET', '/api/messages/unread-count', {
        token: alice.token,
      }).finally(() => (answered = true));
      // (On PostgreSQL another connection may answer it at once.)
      await vi.waitFor(() => expect(answered || server.ctx.load.pending() >= 2).toBe(true), POLL);
      await release();
      expect((await answer).status).toBe(200);
    } finally {
      await release();
    }
  });
});
