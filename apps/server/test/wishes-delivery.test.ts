import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { translate, WISH_TEXTS, type PushPayload } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';
import { connectLive, nextEvent, record } from './helpers/live-client.js';
import {
  decryptPush,
  startFakePushService,
  type BrowserSubscription,
  type FakePushService,
} from './helpers/push-service.js';
import {
  startFakeNotificationServer,
  waitFor,
  type FakeNotificationServer,
} from './helpers/farcaster-fakes.js';
import { wishApi, wishCouple, type WishPerson } from './helpers/wishes.js';

/** 23:30 in Paris on 23 November: inside 22:00–07:00 there; 15:00 is outside. */
const NIGHT_IN_PARIS = Date.parse('2026-11-23T22:30:00Z');
const AFTERNOON_IN_PARIS = Date.parse('2026-11-23T14:00:00Z');
const WINDOW = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };

describe.each(DRIVERS)('wishes live and by push (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let notifier: FakeNotificationServer;
  let api: ReturnType<typeof wishApi>;
  let alice: WishPerson;
  let bob: WishPerson;
  let browsers: Map<string, BrowserSubscription>;
  let live: Socket[] = [];
  let now = AFTERNOON_IN_PARIS;
  const logLines: string[] = [];

  const pushesTo = (who: WishPerson) => {
    const browser = browsers.get(who.user.id)!;
    return push.requests
      .filter((pushed) => pushed.path === browser.path)
      .map((pushed) => ({ headers: pushed.headers, payload: decryptPush(browser, pushed) }));
  };
  const noticesTo = (token: string) =>
    notifier.requests.filter((notice) => notice.body.tokens.includes(token));

  /** A whole round; the finish says whether it found a new match. */
  async function round(newMatch: boolean): Promise<string> {
    const id = (await api.start(alice, bob)).body.id as string;
    await api.reply(bob, alice, id);
    expect((await api.finish(alice, bob, id, newMatch)).status).toBe(200);
    expect((await api.complete(bob, alice, id)).status).toBe(204);
    return id;
  }

  beforeAll(async () => {
    [push, notifier] = await Promise.all([startFakePushService(), startFakeNotificationServer()]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      clock: { now: () => now },
      env: {
        PUBLIC_URL: 'https://desires.example.com',
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
        LOG_LEVEL: 'trace',
        // Every test here finds a match; the throttle has its own test below.
        WISH_MATCH_NOTICE_INTERVAL_SECONDS: '0',
      },
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    api = wishApi(server.url);
    [alice, bob] = await wishCouple(server.url);
    browsers = new Map();
    for (const [who, locale] of [
      [alice, 'fr'],
      [bob, 'de'],
    ] as const) {
      const browser = push.subscribe();
      browsers.set(who.user.id, browser);
      await request(server.url, 'PUT', '/api/push/subscription', {
        token: who.user.token,
        body: browser.json,
      });
      await request(server.url, 'PUT', '/api/profile/locale', {
        token: who.user.token,
        body: { locale },
      });
      await server.ctx.db.query(
        `INSERT INTO notification_tokens (user_id, platform, token, url)
         VALUES ($1, 'farcaster', $2, $3)`,
        [who.user.id, `token-${who.user.id}`, `${notifier.origin}/client/notify`],
      );
    }
  });
  afterAll(async () => {
    for (const socket of live) socket.close();
    await server?.close();
    await Promise.all([push?.close(), notifier?.close()]);
  });

  it('tells both partners live of every change, and of a new match', async () => {
    live = [
      await connectLive(server.url, alice.user.token),
      await connectLive(server.url, bob.user.token),
    ];
    const changes = live.map((socket) => record(socket, 'wishes_changed'));
    const matched = live.map((socket) => nextEvent(socket, 'wish_matched'));
    const proposed = await api.propose(alice, bob);
    await api.call(alice, 'DELETE', `/wishes/items/${proposed.body.id as string}`);
    const id = await round(true);
    expect(await Promise.all(matched)).toEqual([{ round_id: id }, { round_id: id }]);
    // Proposed, withdrawn, started, replied, finished, completed.
    const reasons = ['item', 'item', 'round', 'round', 'round', 'matches'];
    await waitFor(() => changes.every((seen) => seen.length === reasons.length));
    for (const seen of changes) expect(seen.map((change) => change.reason)).toEqual(reasons);
    // Its pushes and notices end here, not inside the counts of the next test.
    await server.ctx.background.settle();
  });

  it('pushes "You have a new match" to both, in each one’s language, naming no wish', async () => {
    const before = { alice: pushesTo(alice).length, bob: pushesTo(bob).length };
    const noticesBefore = notifier.requests.length;
    const id = await round(true);
    // Deliveries run in the background from the moment the finish commits.
    await server.ctx.background.settle();
    expect([pushesTo(alice).length, pushesTo(bob).length]).toEqual([
      before.alice + 1,
      before.bob + 1,
    ]);
    expect(notifier.requests.length).toBe(noticesBefore + 2);
    for (const [who, locale] of [
      [alice, 'fr'],
      [bob, 'de'],
    ] as const) {
      const pushed = pushesTo(who).at(-1)!.payload as PushPayload;
      const text = translate(locale, WISH_TEXTS.newMatchPush);
      expect(pushed).toMatchObject({
        title: text,
        body: text,
        url: '/wishes',
        data: { type: 'wish_matched' },
        notification: {
          title: text,
          navigate: 'https://desires.example.com/wishes',
          lang: locale,
          app_badge: '0',
        },
      });
      expect(pushed.data).not.toHaveProperty('silent');
      expect(JSON.stringify(pushed)).not.toContain(id);
      const notice = noticesTo(`token-${who.user.id}`).at(-1)!;
      expect(notice.body).toMatchObject({
        title: text,
        body: text,
        targetUrl: 'https://desires.example.com/wishes',
      });
    }
    // A round without a new match tells nobody by push.
    const quietBefore = push.requests.length;
    await round(false);
    await server.ctx.background.settle();
    expect(push.requests.length).toBe(quietBefore);
  });

  it('is silent in a recipient’s quiet hours, and sends no mini-app notification then', async () => {
    await request(server.url, 'PUT', '/api/profile/quiet-hours', {
      token: bob.user.token,
      body: WINDOW,
    });
    now = NIGHT_IN_PARIS;
    const before = { alice: pushesTo(alice).length, bob: pushesTo(bob).length };
    const notices = {
      alice: noticesTo(`token-${alice.user.id}`).length,
      bob: noticesTo(`token-${bob.user.id}`).length,
    };
    await round(true);
    await server.ctx.background.settle();
    expect([pushesTo(alice).length, pushesTo(bob).length]).toEqual([
      before.alice + 1,
      before.bob + 1,
    ]);
    const toBob = pushesTo(bob).at(-1)!;
    expect(toBob.payload.data).toMatchObject({ type: 'wish_matched', silent: true });
    expect(toBob.headers.urgency).toBe('low');
    expect(pushesTo(alice).at(-1)!.payload.data).not.toHaveProperty('silent');
    expect(noticesTo(`token-${bob.user.id}`)).toHaveLength(notices.bob);
    expect(noticesTo(`token-${alice.user.id}`)).toHaveLength(notices.alice + 1);
    now = AFTERNOON_IN_PARIS;
  });

  it('logs no sealed content of any wish', async () => {
    const proposed = await api.propose(alice, bob);
    const body = proposed.body as { text: { content: string } };
    await round(true);
    await server.ctx.background.settle();
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(body.text.content);
    expect(log).not.toContain('encryption_data');
  });
});

describe.each(DRIVERS)('new-match pushes, at most one per interval (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let live: Socket[] = [];

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent });
  });
  afterAll(async () => {
    for (const socket of live) socket.close();
    await server?.close();
    await push?.close();
  });

  it('pushes the first new match and tells the next one live only', async () => {
    const api = wishApi(server.url);
    const [alice, bob] = await wishCouple(server.url);
    const paths = new Map<string, string>();
    for (const who of [alice, bob]) {
      const browser = push.subscribe();
      paths.set(who.user.id, browser.path);
      await request(server.url, 'PUT', '/api/push/subscription', {
        token: who.user.token,
        body: browser.json,
      });
    }
    const pushedTo = (who: WishPerson) =>
      push.requests.filter((pushed) => pushed.path === paths.get(who.user.id)).length;
    live = [
      await connectLive(server.url, alice.user.token),
      await connectLive(server.url, bob.user.token),
    ];
    const matchRound = async () => {
      const matched = live.map((socket) => nextEvent(socket, 'wish_matched'));
      const id = (await api.start(alice, bob)).body.id as string;
      await api.reply(bob, alice, id);
      expect((await api.finish(alice, bob, id, true)).status).toBe(200);
      expect(await Promise.all(matched)).toEqual([{ round_id: id }, { round_id: id }]);
    };

    await matchRound();
    await server.ctx.background.settle();
    expect([pushedTo(alice), pushedTo(bob)]).toEqual([1, 1]);
    await matchRound();
    await server.ctx.background.settle();
    expect([pushedTo(alice), pushedTo(bob)]).toEqual([1, 1]);
  });
});
