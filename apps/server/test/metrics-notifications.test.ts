import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { startFakePushService, type FakePushService } from './helpers/push-service.js';
import {
  startFakeNotificationServer,
  type FakeNotificationServer,
} from './helpers/farcaster-fakes.js';
import { scrape, valueOf } from './helpers/metrics.js';
import { storeToken } from '../src/farcaster/repository.js';

const TOKEN = 'metrics-token-for-notifications-01';

/** Issue 26: Web Pushes and mini-app notifications, sent and failed by reason. */
describe.each(DRIVERS)('notification metrics (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let notifier: FakeNotificationServer;
  let alice: TestUser;
  let bob: TestUser;

  const value = async (name: string, labels: Record<string, string> = {}) =>
    valueOf((await scrape(server.url, TOKEN)).families, name, labels);

  /**
   * Pushes and notifications leave after the answer, as background work the send started before
   * it answered: the metric's value once that work has ended.
   */
  async function settled(name: string, labels: Record<string, string> = {}) {
    await server.ctx.background.settle();
    return value(name, labels);
  }

  const send = () =>
    request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ id: randomUUID() }),
    });

  beforeAll(async () => {
    [push, notifier] = await Promise.all([startFakePushService(), startFakeNotificationServer()]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      env: { METRICS_TOKEN: TOKEN, FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true' },
    });
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([push?.close(), notifier?.close()]);
  });

  it('counts Web Pushes accepted, and refusals by reason', async () => {
    const browser = push.subscribe();
    const saved = await request(server.url, 'PUT', '/api/push/subscription', {
      token: bob.token,
      body: browser.json,
    });
    expect(saved.status).toBe(200);

    expect((await send()).status).toBe(201);
    expect(await settled('couple_web_push_sent_total')).toBe(1);

    push.answer(browser.path, 500);
    expect((await send()).status).toBe(201);
    const failed = 'couple_web_push_failed_total';
    expect(await settled(failed, { reason: 'push_service_error' })).toBe(1);

    push.answer(browser.path, 410);
    expect((await send()).status).toBe(201);
    expect(await settled(failed, { reason: 'gone' })).toBe(1);
    expect(await value('couple_web_push_sent_total')).toBe(1);
  });

  it('counts mini-app notification tokens notified, and not notified by reason', async () => {
    const url = `${notifier.origin}/client-a/notify`;
    for (const token of ['ok-1', 'ok-2', 'invalid-1', 'limited-1']) {
      await server.ctx.db.asUser(bob.id, (tx) => storeToken(tx, { token, url, appFid: 9152 }));
    }
    notifier.invalidTokens.add('invalid-1');
    notifier.rateLimitedTokens.add('limited-1');
    const sent = 'couple_miniapp_notifications_sent_total';
    const failed = 'couple_miniapp_notifications_failed_total';

    expect((await send()).status).toBe(201);
    expect(await settled(sent)).toBe(2);
    expect(await settled(failed, { reason: 'invalid_token' })).toBe(1);
    expect(await value(failed, { reason: 'rate_limited' })).toBe(1);

    // The invalid token is disabled now: three tokens are asked for, and all three refused.
    notifier.failWith = 500;
    expect((await send()).status).toBe(201);
    expect(await settled(failed, { reason: 'refused' })).toBe(3);
    expect(await value(sent)).toBe(2);
  });
});
