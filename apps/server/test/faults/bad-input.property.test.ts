import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { CLIENT_EVENTS, SERVER_TEXTS, type Ack } from '@couple/protocol';
import { DRIVERS } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from '../helpers/api.js';
import { connectLive } from '../helpers/live-client.js';
import {
  startFakeHub,
  startQuickAuthIssuer,
  type FakeHub,
  type QuickAuthIssuer,
} from '../helpers/farcaster-fakes.js';
import {
  bodyArb,
  queryArb,
  routesOf,
  snapshotter,
  valueArb,
  type Route,
  type Snapshot,
} from './helpers/fuzz.js';

const ANON_KEY = 'fuzz-anon-key-0123456789';
/** Bounded so a driver takes seconds; FUZZ_RUNS=5000 for a longer hunt. */
const HTTP_RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SOCKET_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

describe.each(DRIVERS)('bad input at volume on every route and socket event (%s)', (driver) => {
  let server: TestServer;
  const freshAccessToken = async (user: TestUser) =>
    (
      await request(server.url, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      })
    ).body.access_token as string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let aliceSocket: Socket;
  let routes: Route[];
  let ids: string[];
  let snapshot: () => Promise<Snapshot>;
  let guardedBefore: Snapshot['guarded'];
  let hub: FakeHub;
  let issuer: QuickAuthIssuer;

  beforeAll(async () => {
    // Everything configured, on loopback, so that no route answers 503 "not configured".
    [hub, issuer] = await Promise.all([startFakeHub(), startQuickAuthIssuer()]);
    server = await startTestServer(driver, {
      env: {
        ANON_KEY,
        PUSH_WEBHOOK_SECRET: 'fuzz-webhook-secret-0123456789',
        FARCASTER_HUB_URL: hub.url,
        FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin,
      },
    });
    [alice, bob, carol, dave] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
    await pair(server.url, carol, dave);
    const sent = async (from: TestUser) =>
      (
        await request(server.url, 'POST', '/api/messages', {
          token: from.token,
          body: desire({ id: randomUUID() }),
        })
      ).body.message!.id;
    const own = [await sent(alice), await sent(bob)];
    const theirs = [await sent(carol), await sent(dave), await sent(carol)];
    ids = [alice.id, bob.id, carol.id, dave.id, ...own, ...theirs, randomUUID(), 'ABCD2345'];
    routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
    snapshot = await snapshotter(server.database.db, [carol.id, dave.id]);
    guardedBefore = (await snapshot()).guarded;
  });
  afterAll(async () => {
    aliceSocket?.close();
    await server?.close();
    await Promise.all([hub?.close(), issuer?.close()]);
  });

  it('finds the API, live, auth, push, Farcaster and REST routes in the app', () => {
    const paths = new Set(routes.map((route) => route.path));
    for (const path of [
      '/api/messages',
      '/api/messages/:id/read',
      '/api/partner/connect',
      '/api/profile',
      '/auth/v1/token',
      '/rest/v1/messages',
      '/api/farcaster/webhook',
      '/api/push/subscription',
    ]) {
      expect(paths).toContain(path);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers every malformed HTTP request below 500 and changes nothing it refuses', async () => {
    const token = fc.oneof(
      { weight: 3, arbitrary: fc.constant(alice.token) },
      { weight: 2, arbitrary: fc.constant(bob.token) },
      fc.constantFrom(undefined, 'not-a-jwt', `${alice.token}x`),
    );
    const param = fc.oneof(
      fc.constantFrom(...ids),
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        bodyArb(ids),
        queryArb(ids),
        token,
        param,
        fc.boolean(),
        async (route, body, query, bearer, value, withApiKey) => {
          const path = route.path.replace(/:[a-z]+/g, encodeURIComponent(value));
          const headers: Record<string, string> = {};
          if (body.contentType) headers['content-type'] = body.contentType;
          if (bearer) headers.authorization = `Bearer ${bearer}`;
          if (withApiKey) headers.apikey = ANON_KEY;
          const before = await snapshot();
          const response = await fetch(`${server.url}${path}${query}`, {
            method: route.method,
            headers,
            body: route.method === 'GET' ? undefined : body.text,
            signal: AbortSignal.timeout(10_000),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const context = `${route.method} ${path}${query} -> ${response.status} ${text.slice(0, 200)}`;
          expect(response.status, context).toBeLessThan(500);
          const after = await snapshot();
          // Whatever happened, the other couple's rows are untouched.
          expect(after.guarded, context).toEqual(before.guarded);
          // A refused request changed nothing at all.
          if (response.status >= 400) expect(after.all, context).toEqual(before.all);
        },
      ),
      { numRuns: HTTP_RUNS, endOnFailure: true },
    );
    // The run reached past validation, not only into 401s.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status === 400 || status === 422)).toBe(true);
  }, 120_000);

  it('answers every malformed socket event without dropping the connection', async () => {
    // A session of its own, opened after the HTTP fuzz: that may sign out every session of the
    // accounts it sends tokens of (logout scopes, sign-out-others), ending their live channels.
    aliceSocket = await connectLive(server.url, await freshAccessToken(alice));
    const events = fc.constantFrom(
      ...Object.values(CLIENT_EVENTS),
      'unknown_event',
      'constructor',
      '__proto__',
    );
    await fc.assert(
      fc.asyncProperty(
        events,
        fc.array(valueArb(ids), { maxLength: 3 }),
        fc.boolean(),
        async (event, args, wantsAck) => {
          const before = await snapshot();
          const known = (Object.values(CLIENT_EVENTS) as string[]).includes(event);
          if (known && wantsAck) {
            const ack = (await aliceSocket
              .timeout(5_000)
              .emitWithAck(event, ...args)) as Ack<unknown>;
            expect(typeof ack.ok).toBe('boolean');
            if (!ack.ok) {
              expect(typeof ack.error).toBe('string');
              expect(ack.error).not.toBe(SERVER_TEXTS.internal);
            }
          } else {
            aliceSocket.emit(event, ...args);
            // A round trip after it proves the server read it and is still answering.
            const ping = (await aliceSocket
              .timeout(5_000)
              .emitWithAck(CLIENT_EVENTS.getUnreadCount)) as Ack<unknown>;
            expect(ping.ok).toBe(true);
          }
          expect(aliceSocket.connected).toBe(true);
          const after = await snapshot();
          expect(after.guarded).toEqual(before.guarded);
        },
      ),
      { numRuns: SOCKET_RUNS, endOnFailure: true },
    );
  }, 120_000);

  it('closes only the one connection whose frame is over the 16 KB limit', async () => {
    const bobToken = await freshAccessToken(bob);
    const victim = await connectLive(server.url, bobToken);
    const closed = new Promise<string>((resolve) => victim.once('disconnect', resolve));
    victim.emit(CLIENT_EVENTS.sendMessage, desire({ note: 'x'.repeat(20_000) }));
    expect(await closed).toBe('transport close');
    expect(aliceSocket.connected).toBe(true);
    const again = await connectLive(server.url, bobToken);
    expect(again.connected).toBe(true);
    again.close();
  });

  it('is still healthy, and the other couple is exactly as it was', async () => {
    const health = await request(server.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(aliceSocket.connected).toBe(true);
    expect((await snapshot()).guarded).toEqual(guardedBefore);
    const inbox = await request(server.url, 'GET', '/api/messages', { token: dave.token });
    expect(
      inbox.body.messages?.every((message) => message.sender_id === carol.id && !message.is_read),
    ).toBe(true);
  });
});
