import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { Message } from '@couple/protocol';
import type { Database } from '../src/db/index.js';
import type { DomainEventMap, DomainEventName } from '../src/events.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { caughtUp, connectLive, record } from './helpers/live-client.js';
import { publishKey } from './helpers/keys.js';
import { startFakePushService, type FakePushService } from './helpers/push-service.js';
import {
  startFakeNotificationServer,
  type FakeNotificationServer,
} from './helpers/farcaster-fakes.js';
import { wishApi, type WishPerson } from './helpers/wishes.js';

/** The events that tell someone by live, Web Push or mini-app notification. */
const TELLING: DomainEventName[] = [
  'partnerConnected',
  'desireSent',
  'messagesRead',
  'desireAnswered',
  'thoughtSent',
  'wishMatched',
  'accountDeleted',
];
const LIVE_EVENTS = [
  'partner_status_update',
  'new_message',
  'message_sent',
  'unread_count',
  'messages_marked_read',
  'desire_answered',
  'thought_received',
  'wish_matched',
  'partner_account_deleted',
] as const;

type Emitted = { [K in DomainEventName]: { name: K; args: DomainEventMap[K] } }[DomainEventName];

/** A database that refuses everything and counts what was asked of it. */
function refusingDatabase(asked: string[]): Database {
  return new Proxy({} as Database, {
    get(_target, property) {
      asked.push(String(property));
      throw new Error(`a listener used the database (${String(property)})`);
    },
  });
}

describe.each(DRIVERS)('delivery asks the database nothing (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let notifier: FakeNotificationServer;
  let users: TestUser[];
  const sockets: Socket[] = [];
  const emitted: Emitted[] = [];

  /** What each user's live channel heard, by event; carol's (index 2) closes with her account. */
  let heard: Record<string, unknown[]>[];
  const staying = () => sockets.filter((_, index) => index !== 2);
  /** Everything delivered so far: pushes, notifications and the staying users' live events. */
  const delivered = () => ({
    pushes: push.requests.length,
    notices: notifier.requests.length,
    live: heard
      .filter((_, index) => index !== 2)
      .map((byEvent) => LIVE_EVENTS.map((event) => byEvent[event]!.length)),
  });
  /** Once every delivery is out; caughtUp asks each socket for its unread count (one more). */
  async function settled() {
    await server.ctx.background.settle();
    await Promise.all(staying().map(caughtUp));
  }

  beforeAll(async () => {
    [push, notifier] = await Promise.all([startFakePushService(), startFakeNotificationServer()]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      env: {
        PUBLIC_URL: 'https://desires.example.com',
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
        WISH_MATCH_NOTICE_INTERVAL_SECONDS: '0',
      },
    });
    // alice and bob do everything; carol deletes her account, and dave, her partner, is told.
    users = [];
    for (let i = 0; i < 4; i += 1) users.push(await createUser(server.url));
    for (const user of users) {
      await request(server.url, 'PUT', '/api/push/subscription', {
        token: user.token,
        body: push.subscribe().json,
      });
      await server.ctx.db.query(
        `INSERT INTO notification_tokens (user_id, platform, token, url)
         VALUES ($1, 'farcaster', $2, $3)`,
        [user.id, `token-${user.id}`, `${notifier.origin}/client/notify`],
      );
      sockets.push(await connectLive(server.url, user.token));
    }
    heard = sockets.map((socket) =>
      Object.fromEntries(LIVE_EVENTS.map((event) => [event, record(socket, event)])),
    );
    for (const name of TELLING) {
      server.ctx.events.on(name, (...args: unknown[]) => {
        emitted.push({ name, args } as Emitted);
      });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await Promise.all([push?.close(), notifier?.close()]);
  });

  let firstRound: ReturnType<typeof delivered>;

  it('delivers every telling event by every channel, as the services emit it', async () => {
    const [alice, bob, carol, dave] = users as [TestUser, TestUser, TestUser, TestUser];
    await pair(server.url, alice, bob);
    await pair(server.url, dave, carol);
    const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    const id = sent.body.message.id;
    await request(server.url, 'POST', `/api/messages/${id}/read`, { token: bob.token });
    await request(server.url, 'PUT', `/api/messages/${id}/answer`, {
      token: bob.token,
      body: { choice: 'in' },
    });
    await request(server.url, 'POST', '/api/thoughts', { token: alice.token });
    const people = await Promise.all(
      [alice, bob].map(async (user) => ({ user, key: await publishKey(server.url, user) })),
    );
    const [a, b] = people as [WishPerson, WishPerson];
    const wishes = wishApi(server.url);
    const round = (await wishes.start(a, b)).body.id as string;
    await wishes.reply(b, a, round);
    expect((await wishes.finish(a, b, round, true)).status).toBe(200);
    const deleted = await request(server.url, 'POST', '/api/account/delete', {
      token: carol.token,
      body: { password: carol.password },
    });
    expect(deleted.status).toBe(204);
    await settled();
    expect(new Set(emitted.map((event) => event.name))).toEqual(new Set(TELLING));
    // Two pairings, a desire, an answer, a thought, a match (both) and a deleted account: a
    // push and a notification each; the read is live only.
    firstRound = delivered();
    expect(firstRound).toMatchObject({ pushes: 8, notices: 8 });
  });

  it('delivers the same again from the events alone, with a database that refuses all', async () => {
    const asked: string[] = [];
    const database = server.ctx.db;
    // The emitter's untyped face re-emits each recorded event as it came.
    const events: EventEmitter = server.ctx.events;
    server.ctx.db = refusingDatabase(asked);
    try {
      // A copy: the recorder above hears these again.
      for (const { name, args } of [...emitted]) events.emit(name, ...args);
      await server.ctx.background.settle();
    } finally {
      server.ctx.db = database;
    }
    await settled();
    expect(asked).toEqual([]);
    const twice = (count: number) => count * 2;
    expect(delivered()).toEqual({
      pushes: twice(firstRound.pushes),
      notices: twice(firstRound.notices),
      live: firstRound.live.map((counts) => counts.map(twice)),
    });
  });
});
