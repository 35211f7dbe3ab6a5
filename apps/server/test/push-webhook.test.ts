import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import {
  decryptPush,
  startFakePushService,
  type BrowserSubscription,
  type FakePushService,
} from './helpers/push-service.js';

const SECRET = 'webhook-secret-for-tests-0123456789';

describe.each(DRIVERS)('push webhook (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;

  const notification = {
    title: 'Anniversary',
    body: 'One year together 🎉',
    url: '/profile',
    data: { type: 'reminder', days: 365 },
  };
  /** secret null: the header is left out. */
  const webhook = (body: unknown, secret: string | null = SECRET) =>
    request(server.url, 'POST', '/api/push/webhook', {
      body,
      headers: secret === null ? {} : { 'x-webhook-secret': secret },
    });
  const subscribe = async (user: TestUser): Promise<BrowserSubscription> => {
    const browser = push.subscribe();
    const saved = await request(server.url, 'PUT', '/api/push/subscription', {
      token: user.token,
      body: browser.json,
    });
    expect(saved.status).toBe(200);
    return browser;
  };
  const subscriptionCount = async (userId: string): Promise<number> => {
    const { rows } = await server.ctx.db.query(
      'SELECT 1 FROM push_subscriptions WHERE user_id = $1',
      [userId],
    );
    return rows.length;
  };

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      env: { PUSH_WEBHOOK_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await push.close();
    await server.close();
  });

  it('refuses a missing or wrong secret with 401 before reading the body', async () => {
    const user = await createUser(server.url);
    const browser = await subscribe(user);
    for (const secret of [
      null,
      '',
      'wrong',
      `${SECRET}x`,
      SECRET.slice(0, -1),
      SECRET.toUpperCase(),
    ]) {
      const answer = await webhook({ userId: user.id, notification }, secret);
      expect(answer.status, String(secret)).toBe(401);
      expect(answer.body).toEqual({
        error: 'Invalid webhook secret',
        code: 'webhook_secret_invalid',
      });
    }
    const badBody = await webhook('not even an object', 'wrong');
    expect(badBody.status).toBe(401);
    // The webhook pushes before it answers, so a push of any of these would have reached the
    // service by now; nor is any push left under way in the background.
    await server.ctx.background.settle();
    expect(push.requests.filter((r) => r.path === browser.path)).toEqual([]);
  });

  it('delivers to a user named by id and reports one delivery', async () => {
    const user = await createUser(server.url);
    const browser = await subscribe(user);
    const answer = await webhook({ userId: user.id, notification });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, delivered: 1 });
    const received = await push.nextRequest(browser);
    expect(decryptPush(browser, received)).toEqual({ userId: user.id, ...notification });
  });

  it('delivers to the user whose access token is given, with defaults for url and data', async () => {
    const user = await createUser(server.url);
    const browser = await subscribe(user);
    const answer = await webhook({
      token: user.token,
      notification: { title: 'Hello', body: 'From the webhook' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, delivered: 1 });
    const received = await push.nextRequest(browser);
    expect(decryptPush(browser, received)).toEqual({
      userId: user.id,
      title: 'Hello',
      body: 'From the webhook',
      url: '/',
      data: {},
    });
  });

  it('refuses a forged token with 401 and a user without a subscription with 404', async () => {
    const forged = await webhook({ token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged', notification });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({
      error: 'Invalid or expired token',
      code: 'webhook_token_invalid',
    });

    const lonely = await createUser(server.url);
    const none = await webhook({ userId: lonely.id, notification });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      success: false,
      delivered: 0,
      error: 'No push subscription found',
      code: 'push_subscription_missing',
    });
    const unknown = await webhook({ userId: '00000000-0000-4000-8000-000000000000', notification });
    expect(unknown.status).toBe(404);
  });

  it('removes a subscription the push service calls gone and reports a failing one', async () => {
    const gone = await createUser(server.url);
    const goneBrowser = await subscribe(gone);
    push.answer(goneBrowser.path, 404);
    const first = await webhook({ userId: gone.id, notification });
    expect(first.status).toBe(410);
    expect(first.body).toMatchObject({
      success: false,
      delivered: 0,
      error: expect.stringMatching(/expired/),
      code: 'push_subscription_gone',
    });
    expect(await subscriptionCount(gone.id)).toBe(0);

    const failing = await createUser(server.url);
    const failingBrowser = await subscribe(failing);
    push.answer(failingBrowser.path, 500);
    const second = await webhook({ userId: failing.id, notification });
    expect(second.status).toBe(502);
    expect(second.body).toMatchObject({
      delivered: 0,
      error: 'Push service failed with status 500',
      code: 'push_failed',
    });
    expect(await subscriptionCount(failing.id)).toBe(1);
  });

  it('refuses bad bodies with 400 and a clear error', async () => {
    const user = await createUser(server.url);
    await subscribe(user);
    const cases: [unknown, RegExp][] = [
      [{ notification }, /Exactly one of token or userId/],
      [{ userId: user.id, token: user.token, notification }, /Exactly one of token or userId/],
      [{ userId: 'not-a-uuid', notification }, /Invalid user id/],
      [{ token: 42, notification }, /token must be a string/],
      [{ userId: user.id }, /notification \{title, body, url, data\} is required/],
      [
        { userId: user.id, notification: { ...notification, title: '  ' } },
        /notification\.title is required/,
      ],
      [
        { userId: user.id, notification: { ...notification, title: 't'.repeat(121) } },
        /at most 120/,
      ],
      [
        { userId: user.id, notification: { ...notification, body: 7 } },
        /notification\.body must be a string/,
      ],
      [
        { userId: user.id, notification: { ...notification, url: 'javascript:alert(1)' } },
        /notification\.url/,
      ],
      [
        { userId: user.id, notification: { ...notification, url: '//evil.example' } },
        /notification\.url/,
      ],
      [
        { userId: user.id, notification: { ...notification, data: [1, 2] } },
        /notification\.data must be an object/,
      ],
      [
        { userId: user.id, notification: { ...notification, data: { big: 'x'.repeat(4000) } } },
        /at most 3072 bytes/,
      ],
      [['array'], /Body must be an object/],
    ];
    for (const [body, message] of cases) {
      const answer = await webhook(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
    const malformed = await request(server.url, 'POST', '/api/push/webhook', {
      rawBody: '{"userId":',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.any(String));
  });
});

describe('push webhook without PUSH_WEBHOOK_SECRET', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers 503 with a clear error whatever secret is sent', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-webhook-secret': SECRET },
      { 'x-webhook-secret': '' },
    ];
    for (const headers of variants) {
      const answer = await request(server.url, 'POST', '/api/push/webhook', {
        body: { userId: '00000000-0000-4000-8000-000000000000', notification: { title: 'x' } },
        headers,
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: 'Push webhook is not configured',
        code: 'push_webhook_not_configured',
      });
    }
  });
});
