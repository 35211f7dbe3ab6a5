import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuietHoursAnswer } from '@couple/protocol';
import { QUIET_TEXTS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { decryptPush, startFakePushService, type FakePushService } from './helpers/push-service.js';

/** 23:30 in Paris on 23 November (UTC+1): inside 22:00–07:00 there. */
const NIGHT_IN_PARIS = Date.parse('2026-11-23T22:30:00Z');
/** 15:00 in Paris: outside. */
const AFTERNOON_IN_PARIS = Date.parse('2026-11-23T14:00:00Z');
const WINDOW = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };

describe.each(DRIVERS)('quiet hours (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let now = AFTERNOON_IN_PARIS;

  const call = <T = Record<string, unknown>>(method: string, user: TestUser, body?: unknown) =>
    request<T>(server.url, method, '/api/profile/quiet-hours', { token: user.token, body });

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent, clock: { now: () => now } });
    [alice, bob, carol] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('is off until set, then answers the window, and tells the partner only on or off', async () => {
    expect((await call('GET', bob)).body).toEqual({ own: null, partner: null });
    const saved = await call('PUT', bob, WINDOW);
    expect(saved).toMatchObject({ status: 200, body: WINDOW });
    expect((await call('GET', bob)).body).toEqual({ own: WINDOW, partner: null });

    now = AFTERNOON_IN_PARIS;
    expect((await call<QuietHoursAnswer>('GET', alice)).body.partner).toEqual({
      active: false,
      until: null,
    });
    now = NIGHT_IN_PARIS;
    expect((await call<QuietHoursAnswer>('GET', alice)).body.partner).toEqual({
      active: true,
      until: '2026-11-24T06:00:00.000Z',
    });
    expect((await call<QuietHoursAnswer>('GET', carol)).body).toEqual({ own: null, partner: null });
    const seen = await server.database.db.asUser(carol.id, (tx) =>
      tx.query('SELECT user_id FROM quiet_hours'),
    );
    expect(seen.rows).toEqual([]);
  });

  it('sends the partner’s push silently and not urgent in the window, as usual outside', async () => {
    const browser = push.subscribe();
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: bob.token,
      body: browser.json,
    });
    now = NIGHT_IN_PARIS;
    await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ receiverId: bob.id, intensity: 9 }),
    });
    const quiet = await push.nextRequest(browser);
    expect(quiet.headers.urgency).toBe('low');
    expect(decryptPush(browser, quiet).data).toMatchObject({ type: 'new_desire', silent: true });

    now = AFTERNOON_IN_PARIS;
    const before = push.requests.length;
    await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ receiverId: bob.id, intensity: 9 }),
    });
    await server.ctx.background.settle();
    expect(push.requests.length).toBe(before + 1);
    const loud = push.requests.at(-1)!;
    expect(loud.headers.urgency).toBe('high');
    expect(decryptPush(browser, loud).data).not.toHaveProperty('silent');
  });

  it('sends the answer’s push to the asker silently in the asker’s window', async () => {
    expect((await call('PUT', alice, WINDOW)).status).toBe(200);
    const browser = push.subscribe();
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: alice.token,
      body: browser.json,
    });
    const sent = await request<{ message: { id: string } }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ receiverId: bob.id, intensity: 5 }),
    });
    const answer = (choice: string) =>
      request(server.url, 'PUT', `/api/messages/${sent.body.message.id}/answer`, {
        token: bob.token,
        body: { choice },
      });

    now = NIGHT_IN_PARIS;
    expect((await answer('in')).status).toBe(200);
    const quiet = await push.nextRequest(browser);
    expect(quiet.headers.urgency).toBe('low');
    expect(decryptPush(browser, quiet).data).toEqual({ type: 'desire_answered', silent: true });

    now = AFTERNOON_IN_PARIS;
    const before = push.requests.length;
    expect((await answer('later')).status).toBe(200);
    await server.ctx.background.settle();
    expect(push.requests.length).toBe(before + 1);
    const usual = push.requests.at(-1)!;
    expect(usual.headers.urgency).toBe('normal');
    expect(decryptPush(browser, usual).data).toEqual({ type: 'desire_answered' });
    expect((await call('DELETE', alice)).status).toBe(204);
  });

  it('turns off, and refuses bad windows with 400', async () => {
    expect((await call('DELETE', bob)).status).toBe(204);
    expect((await call('GET', bob)).body).toEqual({ own: null, partner: null });
    for (const [body, error] of [
      [{ ...WINDOW, start: '7:00' }, QUIET_TEXTS.badTime],
      [{ ...WINDOW, end: '24:00' }, QUIET_TEXTS.badTime],
      [{ ...WINDOW, end: '22:00' }, QUIET_TEXTS.sameStartEnd],
      [{ ...WINDOW, time_zone: 'Mars/Olympus' }, QUIET_TEXTS.badZone],
    ] as const) {
      const refused = await call('PUT', bob, body);
      expect(refused, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error, code: 'invalid_input' },
      });
    }
    const extra = await call('PUT', bob, { ...WINDOW, enabled: true });
    expect(extra).toMatchObject({ status: 400, body: { code: 'unknown_field' } });
  });
});
