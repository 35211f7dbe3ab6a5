import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, WISH_TEXTS, type Locale, type PushPayload } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
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

const SITE = 'https://desires.example';
/** 23:30 in Paris (UTC+1): inside 22:00–07:00 there; 15:00 is outside. */
const NIGHT_IN_PARIS = Date.parse('2026-11-23T22:30:00Z');
const AFTERNOON_IN_PARIS = Date.parse('2026-11-23T14:00:00Z');
const WINDOW = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };

/**
 * "Thinking of you" by Web Push and mini-app notification: the receiver's language, the sender's
 * name and nothing else, the badge counting unread desires and thoughts, silent (push) or held
 * back (mini-app) in the receiver's quiet hours.
 */
describe.each(DRIVERS)('thinking of you, pushed (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let notifier: FakeNotificationServer;
  let now = AFTERNOON_IN_PARIS;

  const call = (method: string, path: string, user: TestUser, body?: unknown) =>
    request(server.url, method, path, { token: user.token, body });
  const couple = async (receiverLocale?: Locale) => {
    const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    if (receiverLocale) {
      expect(
        (await call('PUT', '/api/profile/locale', bob, { locale: receiverLocale })).status,
      ).toBe(200);
    }
    const browser: BrowserSubscription = push.subscribe();
    await call('PUT', '/api/push/subscription', bob, browser.json);
    return { alice, bob, browser };
  };
  const think = async (user: TestUser) =>
    expect((await call('POST', '/api/thoughts', user)).status).toBe(201);

  beforeAll(async () => {
    [push, notifier] = await Promise.all([startFakePushService(), startFakeNotificationServer()]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      clock: { now: () => now },
      env: { PUBLIC_URL: SITE, FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
    await notifier?.close();
  });

  it.each<[Locale, 'ltr' | 'rtl']>([
    ['fr', 'ltr'],
    ['ar', 'rtl'],
  ])('says who in %s, opens the inbox, and counts it on the badge', async (locale, dir) => {
    now = AFTERNOON_IN_PARIS;
    const { alice, bob, browser } = await couple(locale);
    await call('POST', '/api/messages', alice, desire());
    expect(
      (await decryptPush(browser, await push.nextRequest(browser))).notification?.app_badge,
    ).toBe('1');

    await think(alice);
    const request = await push.nextRequest(browser);
    expect(request.headers.urgency).toBe('normal');
    const title = translate(locale, WISH_TEXTS.thinkingOfYouPush, { name: alice.username });
    expect(decryptPush(browser, request)).toEqual<PushPayload>({
      userId: bob.id,
      title,
      body: '',
      url: '/notifications',
      data: { type: 'thought' },
      web_push: 8030,
      notification: {
        title,
        body: '',
        navigate: `${SITE}/notifications`,
        lang: locale,
        dir,
        app_badge: '2',
      },
      mutable: true,
    });

    // A desire's badge counts the unread thought too; reading the thoughts takes it off.
    await call('POST', '/api/messages', alice, desire());
    expect(decryptPush(browser, await push.nextRequest(browser)).notification?.app_badge).toBe('3');
    await call('POST', '/api/thoughts/read', bob);
    await call('POST', '/api/messages', alice, desire());
    expect(decryptPush(browser, await push.nextRequest(browser)).notification?.app_badge).toBe('3');
  });

  it('arrives silently and not urgent in the receiver’s quiet hours', async () => {
    const { alice, bob, browser } = await couple('de');
    expect((await call('PUT', '/api/profile/quiet-hours', bob, WINDOW)).status).toBe(200);
    now = NIGHT_IN_PARIS;
    await think(alice);
    const quiet = await push.nextRequest(browser);
    expect(quiet.headers.urgency).toBe('low');
    const payload = decryptPush(browser, quiet);
    expect(payload.data).toEqual({ type: 'thought', silent: true });
    expect(payload.notification).toMatchObject({ silent: true, lang: 'de' });
  });

  it('notifies the mini-app in the receiver’s language, and not in quiet hours', async () => {
    const { alice, bob } = await couple('es');
    await server.ctx.db.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url)
       VALUES ($1, 'farcaster', $2, $3)`,
      [bob.id, `token-${bob.id}`, `${notifier.origin}/client`],
    );
    now = AFTERNOON_IN_PARIS;
    await think(alice);
    const sent = await waitFor(() =>
      notifier.requests.find((r) => r.body.tokens.includes(`token-${bob.id}`)),
    );
    const text = translate('es', WISH_TEXTS.thinkingOfYouPush, { name: alice.username });
    expect(sent.body).toMatchObject({
      notificationId: expect.stringMatching(/^thought-/),
      body: text,
      targetUrl: `${SITE}/notifications`,
    });
    expect(text.startsWith(sent.body.title.replace(/…$/, ''))).toBe(true);

    // In Bob's quiet hours the next one (from a new partner: Alice's interval is spent) is not
    // sent, as a notification cannot arrive silently.
    expect((await call('PUT', '/api/profile/quiet-hours', bob, WINDOW)).status).toBe(200);
    const before = notifier.requests.length;
    now = NIGHT_IN_PARIS;
    const carol = await createUser(server.url);
    await call('POST', '/api/partner/disconnect', alice);
    await pair(server.url, carol, bob);
    await think(carol);
    // Any notification of it was started as background work before the answer: now ended.
    await server.ctx.background.settle();
    expect(notifier.requests.length).toBe(before);
  });
});
