import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import {
  decryptPush,
  HOLD,
  startFakePushService,
  verifyVapid,
  type BrowserSubscription,
  type FakePushService,
} from './helpers/push-service.js';

describe.each(DRIVERS)('Web Push (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let publicKey: string;

  const subscribe = async (user: TestUser): Promise<BrowserSubscription> => {
    const browser = push.subscribe();
    const saved = await request(server.url, 'PUT', '/api/push/subscription', {
      token: user.token,
      body: browser.json,
    });
    expect(saved.status).toBe(200);
    return browser;
  };
  const storedEndpoints = async (userId: string): Promise<string[]> => {
    const { rows } = await server.ctx.db.query<{ endpoint: string }>(
      `SELECT subscription->>'endpoint' AS endpoint FROM push_subscriptions WHERE user_id = $1`,
      [userId],
    );
    return rows.map((row) => row.endpoint);
  };
  const couple = async (): Promise<[TestUser, TestUser]> => {
    const owner = await createUser(server.url);
    const redeemer = await createUser(server.url);
    await pair(server.url, owner, redeemer);
    return [owner, redeemer];
  };

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent });
  });
  afterAll(async () => {
    await push.close();
    await server.close();
  });

  it('serves the VAPID public key browsers subscribe with', async () => {
    const answer = await request(server.url, 'GET', '/api/push/public-key');
    expect(answer.status).toBe(200);
    publicKey = String(answer.body.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('saves one subscription per user, replaces it on a repeat save and deletes it', async () => {
    const alice = await createUser(server.url);
    const first = await subscribe(alice);
    expect(await storedEndpoints(alice.id)).toEqual([first.json.endpoint]);

    const second = push.subscribe();
    const padded = {
      ...second.json,
      keys: { ...second.json.keys, auth: `${second.json.keys.auth}==` },
    };
    const replaced = await request(server.url, 'PUT', '/api/push/subscription', {
      token: alice.token,
      body: padded,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ success: true });
    const { rows } = await server.ctx.db.query<{ subscription: unknown }>(
      'SELECT subscription FROM push_subscriptions WHERE user_id = $1',
      [alice.id],
    );
    expect(rows).toEqual([{ subscription: second.json }]);

    const removed = await request(server.url, 'DELETE', '/api/push/subscription', {
      token: alice.token,
    });
    expect(removed.status).toBe(204);
    expect(await storedEndpoints(alice.id)).toEqual([]);
    const again = await request(server.url, 'DELETE', '/api/push/subscription', {
      token: alice.token,
    });
    expect(again.status).toBe(204);
  });

  it("keeps each user's subscription out of other users' reach (row-level security)", async () => {
    const alice = await createUser(server.url);
    const mallory = await createUser(server.url);
    await subscribe(alice);
    const seen = await server.ctx.db.asUser(mallory.id, (tx) =>
      tx.query('SELECT user_id FROM push_subscriptions'),
    );
    expect(seen.rows).toEqual([]);
    const own = await server.ctx.db.asUser(alice.id, (tx) =>
      tx.query('SELECT user_id FROM push_subscriptions'),
    );
    expect(own.rows).toEqual([{ user_id: alice.id }]);

    await request(server.url, 'DELETE', '/api/push/subscription', { token: mallory.token });
    expect(await storedEndpoints(alice.id)).toHaveLength(1);
  });

  it('refuses bad subscription bodies with 400 and a clear error', async () => {
    const user = await createUser(server.url);
    const good = push.subscribe().json;
    const cases: [unknown, RegExp][] = [
      [
        { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
        /endpoint must be an https URL/,
      ],
      [{ ...good, endpoint: 'not a url' }, /endpoint must be an https URL/],
      [{ ...good, endpoint: `${good.endpoint}/${'a'.repeat(2048)}` }, /at most 2048/],
      [{ ...good, endpoint: 42 }, /endpoint must be a string/],
      [{ endpoint: good.endpoint }, /keys \{p256dh, auth\} are required/],
      [{ ...good, keys: { auth: good.keys.auth } }, /keys\.p256dh must be a string/],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        /keys\.p256dh must be/,
      ],
      [{ ...good, keys: { ...good.keys, auth: 'not+base64url/' } }, /keys\.auth must be/],
      [{ ...good, keys: { ...good.keys, auth: 123 } }, /keys\.auth must be a string/],
      [{ ...good, expirationTime: 'tomorrow' }, /expirationTime/],
      [[good], /Body must be a PushSubscription/],
      [null, /Body must be a PushSubscription/],
    ];
    for (const [body, message] of cases) {
      const answer = await request(server.url, 'PUT', '/api/push/subscription', {
        token: user.token,
        body,
      });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
    const malformed = await request(server.url, 'PUT', '/api/push/subscription', {
      token: user.token,
      rawBody: '{"endpoint":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.any(String));
    const oversized = await request(server.url, 'PUT', '/api/push/subscription', {
      token: user.token,
      body: { ...good, padding: 'x'.repeat(20_000) },
    });
    expect(oversized.status).toBe(413);
    expect(await storedEndpoints(user.id)).toEqual([]);
  });

  it('requires a signed-in user to save or delete a subscription', async () => {
    const body = push.subscribe().json;
    const anonymous = await request(server.url, 'PUT', '/api/push/subscription', { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toEqual(expect.any(String));
    const forged = await request(server.url, 'DELETE', '/api/push/subscription', {
      token: 'forged.token.here',
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe('Unauthorized');
  });

  it("pushes 'Partner Connected!' to the code owner when the code is redeemed", async () => {
    const owner = await createUser(server.url);
    const redeemer = await createUser(server.url);
    const browser = await subscribe(owner);
    await pair(server.url, owner, redeemer);

    const received = await push.nextRequest(browser);
    expect(decryptPush(browser, received)).toEqual({
      userId: owner.id,
      title: 'Partner Connected!',
      body: `You are now connected with @${redeemer.username}`,
      url: '/profile',
      data: { type: 'partner_connected' },
      web_push: 8030,
      notification: {
        title: 'Partner Connected!',
        body: `You are now connected with @${redeemer.username}`,
        navigate: new URL('/profile', server.ctx.config.PUBLIC_URL).toString(),
        lang: 'en',
        dir: 'ltr',
        app_badge: '0',
      },
      mutable: true,
    });
  });

  it('pushes a new desire to the receiver, encrypted and VAPID-signed, without the note', async () => {
    const [alice, bob] = await couple();
    const browser = await subscribe(bob);
    const note = 'meet me at the usual place';
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ intensity: 9, urgency: 3, content: note }),
    });
    expect(sent.status).toBe(201);

    const received = await push.nextRequest(browser);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe('86400');
    expect(received.headers.urgency).toBe('high');
    expect(received.body.includes(Buffer.from('Desire'))).toBe(false);
    const vapid = await verifyVapid(received, push.origin);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.claims.sub).toBe('mailto:admin@localhost');
    expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

    const payload = decryptPush(browser, received);
    expect(payload).toEqual({
      userId: bob.id,
      title: `New Desire from ${alice.username}`,
      body: '🔥 Intensity 9/10 · Urgency 3/10',
      url: '/notifications',
      data: { type: 'new_desire', intensity: 9 },
      // Without the service worker (Safari's declarative push) not even the scores show.
      web_push: 8030,
      notification: {
        title: `New Desire from ${alice.username}`,
        body: 'New desire',
        navigate: new URL('/notifications', server.ctx.config.PUBLIC_URL).toString(),
        lang: 'en',
        dir: 'ltr',
        app_badge: '1',
      },
      mutable: true,
    });
    expect(JSON.stringify(payload)).not.toContain('usual place');
  });

  it('picks the emoji by intensity: heart for 5 to 7, gift heart below 5', async () => {
    const [alice, bob] = await couple();
    const browser = await subscribe(bob);
    const expected: [number, string, string][] = [
      [7, '❤️', 'normal'],
      [5, '❤️', 'normal'],
      [4, '💝', 'normal'],
      [8, '🔥', 'high'],
    ];
    for (const [intensity, emoji, urgency] of expected) {
      await request(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire({ intensity, urgency: 1 }),
      });
      const received = await push.nextRequest(browser);
      expect(received.headers.urgency).toBe(urgency);
      const payload = decryptPush(browser, received);
      expect(payload.body).toBe(`${emoji} Intensity ${intensity}/10 · Urgency 1/10`);
      expect(payload.data).toEqual({ type: 'new_desire', intensity });
    }
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const [alice, bob] = await couple();
    const browser = await subscribe(bob);
    push.answer(browser.path, 410);
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    await push.nextRequest(browser);
    await server.ctx.background.settle();
    expect(await storedEndpoints(bob.id)).toEqual([]);
  });

  it('keeps the desire and the subscription when the push service fails with 500', async () => {
    const [alice, bob] = await couple();
    const browser = await subscribe(bob);
    push.answer(browser.path, 500);
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    await push.nextRequest(browser);

    const inbox = await request(server.url, 'GET', '/api/messages', { token: bob.token });
    expect(inbox.body.messages?.map((m: Message) => m.id)).toEqual([sent.body.message?.id]);
    // The push's background work has ended: whatever it did with the 500 is done.
    await server.ctx.background.settle();
    expect(await storedEndpoints(bob.id)).toEqual([browser.json.endpoint]);
  });

  it('answers the sender at once while the push service does not answer at all', async () => {
    const [alice, bob] = await couple();
    const browser = await subscribe(bob);
    push.answer(browser.path, HOLD);
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    await push.nextRequest(browser);
    // The sender had its answer while the push still waited on the service, which ends only
    // when the push request times out: the answer did not wait for the push.
    expect(push.holding(browser)).toBe(true);
    push.release(browser, 201);
    await server.ctx.background.settle();
  });

  it('sends nothing to a receiver without a subscription and still stores the desire', async () => {
    const [alice] = await couple();
    const before = push.requests.length;
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    // Any push of this desire was started before its answer, as background work: now ended.
    await server.ctx.background.settle();
    expect(push.requests.length).toBe(before);
  });
});
