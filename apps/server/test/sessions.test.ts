import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSession, Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { connectLive } from './helpers/live-client.js';
import { touchActiveSession } from '../src/auth/sessions-repository.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';

describe.each(DRIVERS)('signed-in devices (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  /** Signs in from a device and makes one request there, so the device is recorded. */
  async function signInFrom(user: TestUser, userAgent: string): Promise<Session> {
    const login = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
    });
    expect(login.status).toBe(200);
    const me = await request(server.url, 'GET', '/api/auth/me', {
      token: login.body.access_token,
      headers: { 'user-agent': userAgent },
    });
    expect(me.status).toBe(200);
    return login.body;
  }
  const list = (token: string) =>
    request<{ sessions: DeviceSession[] }>(server.url, 'GET', '/api/auth/sessions', { token });
  const status = async (token: string) =>
    (await request(server.url, 'GET', '/api/auth/me', { token })).status;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
  });
  afterAll(() => server?.close());

  it('lists each device by name, marks this one, and sees none of another account', async () => {
    const phone = await signInFrom(alice, PHONE);
    const laptop = await signInFrom(alice, LAPTOP);
    const seen = await list(laptop.access_token);
    expect(seen.status).toBe(200);
    const byDevice = new Map(seen.body.sessions.map((s) => [s.device, s]));
    expect(byDevice.get('Chrome on Android')).toMatchObject({ current: false });
    expect(byDevice.get('Firefox on macOS')).toMatchObject({ current: true });
    expect(seen.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(Date.parse(byDevice.get('Chrome on Android')!.last_seen_at)).not.toBeNaN();
    const bobs = await list(bob.token);
    const ids = new Set(seen.body.sessions.map((s) => s.id));
    expect(bobs.body.sessions.some((s) => ids.has(s.id))).toBe(false);
    expect(await status(phone.access_token)).toBe(200);
  });

  it('signs one device out: its HTTP access, its refresh token and its socket end at once', async () => {
    const phone = await signInFrom(alice, PHONE);
    const laptop = await signInFrom(alice, LAPTOP);
    const socket = await connectLive(server.url, phone.access_token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const sessions = (await list(laptop.access_token)).body.sessions;
    const phoneSession = sessions.find((s) => s.device === 'Chrome on Android' && !s.current)!;
    // Another account cannot end it, and learns nothing about it.
    const byBob = await request(server.url, 'DELETE', `/api/auth/sessions/${phoneSession.id}`, {
      token: bob.token,
    });
    expect(byBob).toMatchObject({ status: 404, body: { code: 'session_not_found' } });
    expect(await status(phone.access_token)).toBe(200);

    const out = await request(server.url, 'DELETE', `/api/auth/sessions/${phoneSession.id}`, {
      token: laptop.access_token,
    });
    expect(out.status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(await status(phone.access_token)).toBe(401);
    const refresh = await request(server.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: phone.refresh_token },
    });
    expect(refresh.status).toBe(401);
    expect(await status(laptop.access_token)).toBe(200);
    const again = await request(server.url, 'DELETE', `/api/auth/sessions/${phoneSession.id}`, {
      token: laptop.access_token,
    });
    expect(again).toMatchObject({ status: 404, body: { code: 'session_not_found' } });
  });

  it('signs out every other device and keeps this one', async () => {
    const carol = await createUser(server.url);
    const phone = await signInFrom(carol, PHONE);
    const tablet = await signInFrom(carol, PHONE);
    const laptop = await signInFrom(carol, LAPTOP);
    const out = await request(server.url, 'POST', '/api/auth/sessions/sign-out-others', {
      token: laptop.access_token,
    });
    // The three others: sign-up's session, the phone and the tablet.
    expect(out).toMatchObject({ status: 200, body: { signed_out: 3 } });
    expect(await status(phone.access_token)).toBe(401);
    expect(await status(tablet.access_token)).toBe(401);
    expect(await status(carol.token)).toBe(401);
    expect(await status(laptop.access_token)).toBe(200);
    const left = (await list(laptop.access_token)).body.sessions;
    expect(left).toEqual([expect.objectContaining({ current: true, device: 'Firefox on macOS' })]);
  });

  it('refuses bad input and callers without a session', async () => {
    const bad = await request(server.url, 'DELETE', '/api/auth/sessions/not-a-uuid', {
      token: alice.token,
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    const body = await request(server.url, 'POST', '/api/auth/sessions/sign-out-others', {
      token: alice.token,
      body: { all: true },
    });
    expect(body).toMatchObject({ status: 400, body: { code: 'unknown_field' } });
    for (const [method, path] of [
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/sign-out-others'],
      ['DELETE', `/api/auth/sessions/${crypto.randomUUID()}`],
    ] as const) {
      const anonymous = await request(server.url, method, path);
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('writes last_seen_at at most once a minute per session', async () => {
    const db = server.database.db;
    const session = (await list(alice.token)).body.sessions.find((s) => s.current)!;
    const stamp = async () =>
      (
        await db.query<{ last_seen_at: string }>(
          'SELECT last_seen_at FROM auth_sessions WHERE id = $1',
          [session.id],
        )
      ).rows[0]!.last_seen_at;
    const setAge = (seconds: number) =>
      db.query(
        `UPDATE auth_sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`,
        [session.id, seconds],
      );
    await setAge(30);
    const recent = await stamp();
    expect(await touchActiveSession(db, session.id, null)).toBe(true);
    expect(await stamp()).toBe(recent);
    await setAge(90);
    const old = await stamp();
    expect(await touchActiveSession(db, session.id, null)).toBe(true);
    expect(Date.parse(await stamp())).toBeGreaterThan(Date.parse(old) + 80_000);
    expect(await touchActiveSession(db, crypto.randomUUID(), null)).toBe(false);
  });
});
