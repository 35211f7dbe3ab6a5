import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SERVER_TEXTS, TEXTS, type DesireAnswer, type Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { restAs } from './helpers/rest-fixtures.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  createUser,
  desire,
  pair,
  request,
  type RequestOptions,
  type TestUser,
} from './helpers/api.js';
import { caughtUp, connectLive, nextEvent, record } from './helpers/live-client.js';
import { startFakePushService, type FakePushService } from './helpers/push-service.js';
import {
  startFakeNotificationServer,
  waitFor,
  type FakeNotificationServer,
} from './helpers/farcaster-fakes.js';

const ANON_KEY = 'answers-between-partners-anon-key';

describe.each(DRIVERS)('answers go only between partners (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let notifier: FakeNotificationServer;
  let alice: TestUser;
  let bob: TestUser;
  let desireId: string;
  let aliceLive: Socket;

  const rest = (user: TestUser, method: string, path: string, options: RequestOptions = {}) =>
    restAs(server.url, ANON_KEY)(user, method, path, options);
  const delivered = () => ({ pushes: push.requests.length, notices: notifier.requests.length });

  beforeAll(async () => {
    [push, notifier] = await Promise.all([startFakePushService(), startFakeNotificationServer()]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      env: {
        ANON_KEY,
        PUBLIC_URL: 'https://desires.example.com',
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
      },
    });
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
    const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ receiverId: bob.id }),
    });
    desireId = sent.body.message.id;
    // The asker can be reached every way: live, Web Push and a mini-app notification.
    const browser = push.subscribe();
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: alice.token,
      body: browser.json,
    });
    await server.ctx.db.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url)
       VALUES ($1, 'farcaster', 'alice-token', $2)`,
      [alice.id, `${notifier.origin}/client/notify`],
    );
    aliceLive = await connectLive(server.url, alice.token);
    // While paired, an answer reaches the asker all three ways.
    const heard = nextEvent(aliceLive, 'desire_answered');
    const answered = await request(server.url, 'PUT', `/api/messages/${desireId}/answer`, {
      token: bob.token,
      body: { choice: 'in' },
    });
    expect(answered.status).toBe(200);
    await heard;
    await waitFor(() => delivered().pushes === 1 && delivered().notices === 1);
    const unpaired = await request(server.url, 'POST', '/api/partner/disconnect', {
      token: bob.token,
    });
    expect(unpaired.status).toBe(200);
  });
  afterAll(async () => {
    aliceLive?.close();
    await server?.close();
    await Promise.all([push?.close(), notifier?.close()]);
  });

  it('refuses a former partner’s answer on every surface and tells the asker nothing', async () => {
    const before = delivered();
    const heard = record(aliceLive, 'desire_answered');
    const refusal = { error: TEXTS.noPartnerConnection, code: 'no_partner_connection' };

    const api = await request(server.url, 'PUT', `/api/messages/${desireId}/answer`, {
      token: bob.token,
      body: { choice: 'not_tonight' },
    });
    expect(api).toMatchObject({ status: 404, body: refusal });
    const rpc = await rest(bob, 'POST', '/rpc/answer_desire', {
      body: { p_message_id: desireId, p_choice: 'later' },
    });
    expect(rpc).toMatchObject({
      status: 200,
      body: { success: false, error: TEXTS.noPartnerConnection, answer: null },
    });
    const table = await rest(bob, 'POST', '/desire_answers?on_conflict=message_id', {
      body: { message_id: desireId, answerer_id: bob.id, choice: 'later' },
      headers: { prefer: 'resolution=merge-duplicates' },
    });
    expect(table).toMatchObject({ status: 404, body: { message: TEXTS.noPartnerConnection } });

    const stored = await rest(alice, 'GET', `/desire_answers?message_id=eq.${desireId}`);
    expect(stored.body).toMatchObject([{ choice: 'in' }]);
    await Promise.all([server.ctx.background.settle(), caughtUp(aliceLive)]);
    expect(delivered()).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('tells only the answerer of an answer whose asker was no longer the partner', async () => {
    // What delivery_targets_of reads of a former partner (nothing): the event has no asker.
    const before = delivered();
    const heard = record(aliceLive, 'desire_answered');
    const bobLive = await connectLive(server.url, bob.token);
    try {
      const bobHeard = nextEvent(bobLive, 'desire_answered');
      const answer: DesireAnswer = {
        message_id: desireId,
        choice: 'later',
        note_encrypted: null,
        encryption_data: null,
        updated_at: new Date().toISOString(),
      };
      server.ctx.events.emit('desireAnswered', {
        answer,
        answererId: bob.id,
        answererUsername: bob.username,
        asker: null,
      });
      // One emit serves both rooms, so bob hearing it means alice would have too.
      expect(await bobHeard).toMatchObject({ message_id: desireId, answerer_id: bob.id });
      await Promise.all([server.ctx.background.settle(), caughtUp(aliceLive)]);
      expect(heard).toEqual([]);
      expect(delivered()).toEqual(before);
    } finally {
      bobLive.close();
    }
  });
});

describe.each(DRIVERS)('answers spend the desire budget (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let desireId: string;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { ANON_KEY, RATE_LIMIT_DESIRES_PER_MINUTE: '4' },
    });
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
    const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    desireId = sent.body.message.id;
  });
  afterAll(() => server?.close());

  it('counts answers on every surface with desires, then refuses both', async () => {
    const rest = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      request(server.url, 'POST', `/rest/v1${path}`, {
        token: bob.token,
        headers: { apikey: ANON_KEY, ...headers },
        body,
      });
    const api = (choice: string) =>
      request(server.url, 'PUT', `/api/messages/${desireId}/answer`, {
        token: bob.token,
        body: { choice },
      });
    const rpc = (choice: string) =>
      rest('/rpc/answer_desire', { p_message_id: desireId, p_choice: choice });
    const table = (choice: string) =>
      rest(
        '/desire_answers?on_conflict=message_id',
        { message_id: desireId, answerer_id: bob.id, choice },
        { prefer: 'resolution=merge-duplicates' },
      );
    const sendDesire = () =>
      request(server.url, 'POST', '/api/messages', { token: bob.token, body: desire() });

    expect((await sendDesire()).status).toBe(201);
    expect((await api('in')).status).toBe(200);
    expect((await rpc('later')).body).toMatchObject({ success: true });
    expect((await table('in')).status).toBe(201);

    const limited = { error: SERVER_TEXTS.desireRateLimited, code: 'desire_rate_limited' };
    const refused = await api('later');
    expect(refused).toMatchObject({ status: 429, body: limited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await rpc('in')).body).toMatchObject({ success: false, error: limited.error });
    expect(await table('later')).toMatchObject({ status: 429 });
    expect(await sendDesire()).toMatchObject({ status: 429, body: limited });
    // The asker's own budget is untouched by the answers.
    expect(
      (
        await request(server.url, 'POST', '/api/messages', {
          token: alice.token,
          body: desire(),
        })
      ).status,
    ).toBe(201);
  });
});
