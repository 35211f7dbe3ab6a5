import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWERED_BODY,
  ANSWERED_TITLE,
  desireNotificationValues,
  PUSH_TEXTS,
  TEXTS,
  translate,
  type Locale,
  type Message,
  type PushPayload,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import {
  decryptPush,
  startFakePushService,
  type BrowserSubscription,
  type FakePushService,
} from './helpers/push-service.js';

const SITE = 'https://desires.example';

/**
 * Each person's pushes in that person's language (issue 28), in both forms: the fields the
 * service worker reads and Declarative Web Push (Safari 18.4+), checked on the payload the fake
 * push service decrypts as a browser would.
 */
describe.each(DRIVERS)('pushes in the recipient’s language, in both forms (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;

  const setLocale = async (user: TestUser, locale: Locale) => {
    const saved = await request(server.url, 'PUT', '/api/profile/locale', {
      token: user.token,
      body: { locale },
    });
    expect(saved).toMatchObject({ status: 200, body: { locale } });
  };
  const subscribe = async (user: TestUser): Promise<BrowserSubscription> => {
    const browser = push.subscribe();
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: user.token,
      body: browser.json,
    });
    return browser;
  };
  const send = async (from: TestUser, body: Record<string, unknown>) => {
    const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
      token: from.token,
      body: desire(body),
    });
    expect(sent.status).toBe(201);
    return sent.body.message;
  };
  const received = async (browser: BrowserSubscription): Promise<PushPayload> =>
    decryptPush(browser, await push.nextRequest(browser));

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent, env: { PUBLIC_URL: SITE } });
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it.each<[Locale, 'ltr' | 'rtl']>([
    ['fr', 'ltr'],
    ['es', 'ltr'],
    ['ar', 'rtl'],
  ])(
    'writes a desire’s push in %s, with a private fallback, the link and the badge',
    async (locale, dir) => {
      const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
      await pair(server.url, alice, bob);
      await setLocale(bob, locale);
      const browser = await subscribe(bob);
      const note = 'the secret place by the river';

      await send(alice, { intensity: 4, urgency: 2 });
      expect((await received(browser)).notification?.app_badge).toBe('1');
      await send(alice, { intensity: 9, urgency: 3, content: note });
      const payload = await received(browser);

      const title = translate(locale, TEXTS.pushNewDesireTitle, { name: alice.username });
      expect(payload).toEqual({
        userId: bob.id,
        title,
        body: translate(locale, PUSH_TEXTS.desireBody, desireNotificationValues(9, 3)),
        url: '/notifications',
        data: { type: 'new_desire', intensity: 9 },
        web_push: 8030,
        notification: {
          title,
          body: translate(locale, PUSH_TEXTS.newDesire),
          navigate: `${SITE}/notifications`,
          lang: locale,
          dir,
          app_badge: '2',
        },
        mutable: true,
      });
      expect(JSON.stringify(payload)).not.toContain('river');
    },
  );

  it('writes each partner’s pushes in their own language: a desire and its answer', async () => {
    const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    await setLocale(alice, 'es');
    await setLocale(bob, 'fr');
    const [aliceBrowser, bobBrowser] = [await subscribe(alice), await subscribe(bob)];

    const sent = await send(alice, { intensity: 6, urgency: 6 });
    const toBob = await received(bobBrowser);
    expect(toBob.title).toBe(translate('fr', TEXTS.pushNewDesireTitle, { name: alice.username }));
    expect(toBob.notification?.lang).toBe('fr');

    // Alice has a desire of her own unread: the badge on her icon counts it.
    await send(bob, { intensity: 3, urgency: 3 });
    expect((await received(aliceBrowser)).notification?.lang).toBe('es');
    const answered = await request(server.url, 'PUT', `/api/messages/${sent.id}/answer`, {
      token: bob.token,
      body: { choice: 'in' },
    });
    expect(answered.status).toBe(200);
    const toAlice = await received(aliceBrowser);
    const title = translate('es', ANSWERED_TITLE, { name: bob.username });
    expect(toAlice).toEqual({
      userId: alice.id,
      title,
      body: translate('es', ANSWERED_BODY),
      url: '/notifications?view=sent',
      data: { type: 'desire_answered' },
      web_push: 8030,
      notification: {
        title,
        body: translate('es', ANSWERED_BODY),
        navigate: `${SITE}/notifications?view=sent`,
        lang: 'es',
        dir: 'ltr',
        app_badge: '1',
      },
      mutable: true,
    });
  });

  it('writes in English for a person who has chosen no language, and tells the owner who connected', async () => {
    const [owner, redeemer] = [await createUser(server.url), await createUser(server.url)];
    const browser = await subscribe(owner);
    await pair(server.url, owner, redeemer);
    const payload = await received(browser);
    expect(payload).toMatchObject({
      title: translate('en', TEXTS.pushPartnerConnectedTitle),
      body: translate('en', PUSH_TEXTS.partnerConnectedBody, { name: redeemer.username }),
      notification: {
        navigate: `${SITE}/profile`,
        lang: 'en',
        dir: 'ltr',
        app_badge: '0',
      },
    });
    expect(payload.notification).not.toHaveProperty('silent');
  });
});
