import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@couple/protocol';
import { sendNotificationRequestSchema } from '@farcaster/miniapp-core';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import {
  createAppKey,
  signedEvent,
  startFakeHub,
  startFakeNotificationServer,
  startQuickAuthIssuer,
  waitFor,
  type FakeHub,
  type FakeNotificationServer,
  type QuickAuthIssuer,
} from './helpers/farcaster-fakes.js';

const PUBLIC_URL = 'https://desires.example.com';
const FID = 1001;
const CLIENT_FID = 9152;
/** 23:30 in Paris (UTC+1): inside a 22:00–07:00 window there; 15:00 is outside. */
const NIGHT_IN_PARIS = Date.parse('2026-11-23T22:30:00Z');
const AFTERNOON_IN_PARIS = Date.parse('2026-11-23T14:00:00Z');

describe.each(DRIVERS)('Farcaster mini-app notifications (%s)', (driver) => {
  let server: TestServer;
  let issuer: QuickAuthIssuer;
  let hub: FakeHub;
  let notifier: FakeNotificationServer;
  let receiver: TestUser;
  let sender: TestUser;
  let clientUrl: string;
  let now = AFTERNOON_IN_PARIS;

  const send = (overrides: Record<string, unknown> = {}) =>
    request(server.url, 'POST', '/api/messages', { token: sender.token, body: desire(overrides) });
  const enabledTokens = async () =>
    (
      await server.ctx.db.query<{ token: string }>(
        `SELECT token FROM notification_tokens WHERE user_id = $1 AND enabled ORDER BY token`,
        [receiver.id],
      )
    ).rows.map((row) => row.token);

  beforeAll(async () => {
    [issuer, hub, notifier] = await Promise.all([
      startQuickAuthIssuer(),
      startFakeHub(),
      startFakeNotificationServer(),
    ]);
    clientUrl = `${notifier.origin}/client-a/notify`;
    server = await startTestServer(driver, {
      env: {
        PUBLIC_URL,
        FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin,
        FARCASTER_HUB_URL: hub.url,
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
      },
      clock: { now: () => now },
    });

    // The receiver signs in through the mini-app, picks a username and enables notifications.
    const token = await issuer.sign({ fid: FID, domain: 'desires.example.com' });
    const session = await request<Session>(server.url, 'POST', '/api/auth/farcaster', {
      body: { token },
    });
    receiver = {
      id: session.body.user.id,
      email: session.body.user.email,
      password: '',
      username: 'fc_bob',
      token: session.body.access_token,
      session: session.body,
    };
    await request(server.url, 'PATCH', '/api/profile', {
      token: receiver.token,
      body: { username: 'fc_bob' },
    });
    const appKey = createAppKey();
    hub.addSigner(FID, appKey.publicKey, CLIENT_FID);
    const enabled = await request(server.url, 'POST', '/api/farcaster/webhook', {
      body: signedEvent(FID, appKey, {
        event: 'notifications_enabled',
        notificationDetails: { url: clientUrl, token: 'tok-1' },
      }),
    });
    expect(enabled.body).toEqual({ success: true, outcome: 'stored' });

    sender = await createUser(server.url, 'abcdefghijklmnopqrst');
  });
  beforeEach(() => {
    notifier.requests.length = 0;
    notifier.failWith = undefined;
    notifier.invalidTokens.clear();
    notifier.rateLimitedTokens.clear();
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([issuer.close(), hub.close(), notifier.close()]);
  });

  it('tells the code owner that the partner connected', async () => {
    await pair(server.url, receiver, sender);
    const [sent] = await waitFor(() => notifier.requests.length > 0 && notifier.requests);
    expect(sent!.path).toBe('/client-a/notify');
    expect(sent!.body).toEqual({
      notificationId: expect.stringMatching(/^partner-connected-[0-9a-f-]{36}$/) as unknown,
      title: 'Partner Connected!',
      body: 'You are now connected with @abcdefghijklmnopqrst',
      targetUrl: `${PUBLIC_URL}/profile`,
      tokens: ['tok-1'],
    });
  });

  it('notifies the receiver of a new desire within the limits, without the note', async () => {
    const answer = await send({ intensity: 9, content: 'secret note' });
    expect(answer.status).toBe(201);
    const [sent] = await waitFor(() => notifier.requests.length > 0 && notifier.requests);
    const body = sent!.body;
    expect(sendNotificationRequestSchema.safeParse(body).success).toBe(true);
    expect(body.notificationId).toBe(`desire-${answer.body.message!.id}`);
    expect(body.title).toBe('New Desire from abcdefghijklmno…');
    expect(body.title.length).toBeLessThanOrEqual(32);
    expect(body.body.length).toBeLessThanOrEqual(128);
    expect(body.body).toBe('🔥 Intensity 9/10 · Urgency 4/10');
    expect(JSON.stringify(body)).not.toContain('secret note');
    expect(body.targetUrl).toBe(`${PUBLIC_URL}/notifications`);
    expect(body.tokens).toEqual(['tok-1']);
  });

  it('picks the emoji by intensity', async () => {
    for (const [intensity, emoji] of [
      [8, '🔥'],
      [7, '❤️'],
      [5, '❤️'],
      [4, '💝'],
      [0, '💝'],
    ] as const) {
      notifier.requests.length = 0;
      expect((await send({ intensity })).status).toBe(201);
      const [sent] = await waitFor(() => notifier.requests.length > 0 && notifier.requests);
      expect(sent!.body.body.startsWith(`${emoji} Intensity ${intensity}/10`)).toBe(true);
    }
  });

  it('sends at most 100 tokens per request, grouped by url, and disables invalid tokens', async () => {
    const otherUrl = `${notifier.origin}/client-b/notify`;
    await server.ctx.db.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url, app_fid)
       SELECT $1::uuid, 'farcaster', 'bulk-' || lpad(n::text, 3, '0'), $2, 9152 FROM generate_series(1, 150) AS n
       UNION ALL
       SELECT $1::uuid, 'farcaster', 'other-' || n, $3, 1 FROM generate_series(1, 3) AS n`,
      [receiver.id, clientUrl, otherUrl],
    );
    notifier.invalidTokens.add('bulk-007').add('other-2');
    notifier.rateLimitedTokens.add('bulk-120');

    expect((await send()).status).toBe(201);
    // The notifications leave after the answer, as background work: once it has ended, all of
    // its requests are in.
    await server.ctx.background.settle();
    const requests = notifier.requests;
    expect(requests).toHaveLength(3);
    for (const sent of requests) expect(sent.body.tokens.length).toBeLessThanOrEqual(100);
    const byPath = (path: string) =>
      requests
        .filter((r) => r.path === path)
        .flatMap((r) => r.body.tokens)
        .sort();
    expect(byPath('/client-a/notify')).toHaveLength(151);
    expect(byPath('/client-a/notify')).toContain('tok-1');
    expect(byPath('/client-b/notify')).toEqual(['other-1', 'other-2', 'other-3']);
    expect(new Set(requests.map((r) => r.body.notificationId)).size).toBe(1);

    // Disabling happens after the notification server answered, in the same background work.
    const enabled = await enabledTokens();
    expect(enabled).not.toContain('bulk-007');
    expect(enabled).not.toContain('other-2');
    expect(enabled).toContain('bulk-120');
    expect(enabled).toHaveLength(154 - 2);

    // Disabled tokens are not sent to again.
    notifier.requests.length = 0;
    await send();
    const again = await waitFor(() => notifier.requests.length >= 3 && notifier.requests);
    const all = again.flatMap((r) => r.body.tokens);
    expect(all).not.toContain('bulk-007');
    expect(all).not.toContain('other-2');
  });

  it('never fails the send when the notification server fails or is unreachable', async () => {
    notifier.failWith = 500;
    const answer = await send();
    expect(answer.status).toBe(201);
    await waitFor(() => notifier.requests.length > 0);
    expect(await enabledTokens()).toContain('tok-1');

    await server.ctx.db.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url) VALUES ($1, 'farcaster', 'dead', 'http://127.0.0.1:9/notify')`,
      [receiver.id],
    );
    notifier.failWith = undefined;
    notifier.requests.length = 0;
    const second = await send({ intensity: 1 });
    expect(second.status).toBe(201);
    await waitFor(() => notifier.requests.length > 0);
    const list = await request(server.url, 'GET', '/api/messages', { token: receiver.token });
    expect(list.status).toBe(200);
    expect(list.body.messages?.[0]?.id).toBe(second.body.message!.id);
  });

  it('sends nothing, and still succeeds, when the receiver has no tokens', async () => {
    // The sender (an e-mail user) has no Farcaster tokens.
    const answer = await request(server.url, 'POST', '/api/messages', {
      token: receiver.token,
      body: desire(),
    });
    expect(answer.status).toBe(201);
    // Any notification of it was started as background work before the answer: now ended.
    await server.ctx.background.settle();
    const id = `desire-${answer.body.message!.id}`;
    expect(notifier.requests.filter((r) => r.body.notificationId === id)).toHaveLength(0);
  });

  it('holds desires and answers back in the receiver’s quiet hours', async () => {
    const window = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };
    await request(server.url, 'PUT', '/api/profile/quiet-hours', {
      token: receiver.token,
      body: window,
    });
    const own = await request<{ message: { id: string } }>(server.url, 'POST', '/api/messages', {
      token: receiver.token,
      body: desire(),
    });
    const answer = (choice: string) =>
      request(server.url, 'PUT', `/api/messages/${own.body.message.id}/answer`, {
        token: sender.token,
        body: { choice },
      });
    try {
      now = NIGHT_IN_PARIS;
      const quietDesire = await send();
      expect(quietDesire.status).toBe(201);
      expect((await answer('in')).status).toBe(200);
      now = AFTERNOON_IN_PARIS;
      const loudDesire = await send();
      expect((await answer('later')).status).toBe(200);
      const answered = (id: string) => id.startsWith('desire-answered-');
      // The notifications are background work started before each answer: all ended now.
      const last = `desire-${(await send()).body.message!.id}`;
      await server.ctx.background.settle();
      expect(notifier.requests.some((r) => r.body.notificationId === last)).toBe(true);
      // The receiver's tokens may span several requests per notification: compare ids.
      const ids = new Set(notifier.requests.map((r) => r.body.notificationId));
      expect(ids.has(`desire-${loudDesire.body.message!.id}`)).toBe(true);
      expect(ids.has(`desire-${quietDesire.body.message!.id}`)).toBe(false);
      expect([...ids].filter(answered)).toHaveLength(1);
      expect(ids.size).toBe(3);
    } finally {
      await request(server.url, 'DELETE', '/api/profile/quiet-hours', { token: receiver.token });
    }
  });
});
