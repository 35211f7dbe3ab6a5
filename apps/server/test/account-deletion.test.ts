import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, nextEvent } from './helpers/live-client.js';
import { identityKey } from './helpers/keys.js';
import { decryptPush, startFakePushService, type FakePushService } from './helpers/push-service.js';
import {
  startFakeNotificationServer,
  startQuickAuthIssuer,
  waitFor,
  type FakeNotificationServer,
  type QuickAuthIssuer,
} from './helpers/farcaster-fakes.js';

const PUBLIC_URL = 'https://desires.example.com';
const DOMAIN = 'desires.example.com';

/** Every table that holds an account's data, and the column naming the account. */
const ACCOUNT_TABLES = [
  ['users', 'id'],
  ['profiles', 'id'],
  ['auth_sessions', 'user_id'],
  ['push_subscriptions', 'user_id'],
  ['notification_tokens', 'user_id'],
  ['identity_keys', 'user_id'],
  ['device_links', 'user_id'],
  ['debug_logs', 'user_id'],
  ['pairing_codes', 'owner_id'],
  ['partner_connections', 'user1_id'],
  ['partner_connections', 'user2_id'],
  ['messages', 'sender_id'],
  ['messages', 'receiver_id'],
] as const;

describe.each(DRIVERS)('deleting an account (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let issuer: QuickAuthIssuer;
  let notifier: FakeNotificationServer;

  const call = (method: string, path: string, user: { token: string }, body?: unknown) =>
    request(server.url, method, path, { token: user.token, body });
  const remove = (user: { token: string }, body: unknown) =>
    call('POST', '/api/account/delete', user, body);
  const rowsLeft = async (userId: string) => {
    const left: string[] = [];
    for (const [table, column] of ACCOUNT_TABLES) {
      const { rows } = await server.database.db.query(
        `SELECT 1 FROM ${table} WHERE ${column} = $1`,
        [userId],
      );
      if (rows.length > 0) left.push(`${table}.${column}`);
    }
    return left;
  };
  const farcasterUser = async (fid: number): Promise<TestUser> => {
    const token = await issuer.sign({ fid, domain: DOMAIN });
    const session = await request<Session>(server.url, 'POST', '/api/auth/farcaster', {
      body: { token },
    });
    expect(session.status).toBe(200);
    const username = `fc_${fid}`;
    await request(server.url, 'PATCH', '/api/profile', {
      token: session.body.access_token,
      body: { username },
    });
    return {
      id: session.body.user.id,
      email: session.body.user.email,
      password: '',
      username,
      token: session.body.access_token,
      session: session.body,
    };
  };

  beforeAll(async () => {
    [push, issuer, notifier] = await Promise.all([
      startFakePushService(),
      startQuickAuthIssuer(),
      startFakeNotificationServer(),
    ]);
    server = await startTestServer(driver, {
      pushAgent: push.agent,
      env: {
        PUBLIC_URL,
        FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin,
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([push?.close(), issuer?.close(), notifier?.close()]);
  });

  it('refuses bad input, a wrong password and a caller without a session, deleting nothing', async () => {
    const dana = await createUser(server.url);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'invalid_input'],
      [{ password: dana.password, farcaster_token: 'x.y.z' }, 400, 'invalid_input'],
      [{ password: '' }, 400, 'invalid_input'],
      [{ password: dana.password, extra: 1 }, 400, 'unknown_field'],
      [{ farcaster_token: 'x.y.z' }, 400, 'reauthentication_required'],
      [{ password: 'not her password' }, 403, 'reauthentication_failed'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await remove(dana, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status, body: { code } });
    }
    const anonymous = await request(server.url, 'POST', '/api/account/delete', {
      body: { password: dana.password },
    });
    expect(anonymous.status).toBe(401);
    expect(await rowsLeft(dana.id)).toContain('profiles.id');
    expect((await call('GET', '/api/auth/me', dana)).status).toBe(200);
  });

  it('deletes everything of the account and both sides of the desires, ends its sessions, tells the partner', async () => {
    const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    expect((await call('POST', '/api/messages', alice, desire())).status).toBe(201);
    expect((await call('POST', '/api/messages', bob, desire())).status).toBe(201);
    expect((await call('PUT', '/api/keys/identity', alice, identityKey())).status).toBe(200);
    const link = await call('POST', '/api/keys/links', alice, {
      commitment: Buffer.alloc(32, 1).toString('base64url'),
    });
    expect(link.status).toBe(201);
    const logged = await call('POST', '/api/debug/logs', alice, { function_name: 'x' });
    expect(logged.status).toBe(201);
    const saved = await call('PUT', '/api/push/subscription', alice, push.subscribe().json);
    expect(saved.status).toBe(200);
    const bobBrowser = push.subscribe();
    expect((await call('PUT', '/api/push/subscription', bob, bobBrowser.json)).status).toBe(200);
    const otherDevice = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: { email: alice.email, password: alice.password },
    });
    const aliceSocket = await connectLive(server.url, alice.token);
    const bobSocket = await connectLive(server.url, bob.token);
    const aliceClosed = new Promise((resolve) => aliceSocket.once('disconnect', resolve));
    const told = nextEvent(bobSocket, 'partner_account_deleted');
    const status = nextEvent(bobSocket, 'partner_status_update');

    expect(await remove(alice, { password: alice.password })).toMatchObject({ status: 204 });

    expect(await told).toEqual({ username: alice.username });
    expect(await status).toEqual({ status: 'none', partner: null });
    expect(await aliceClosed).toBe('io server disconnect');
    const pushed = decryptPush(bobBrowser, await push.nextRequest(bobBrowser));
    expect(pushed).toMatchObject({
      userId: bob.id,
      title: 'Your partner left',
      body: `${alice.username} deleted their account`,
      url: '/',
      data: { type: 'partner_account_deleted' },
      notification: { title: 'Your partner left', lang: 'en' },
    });
    expect(await rowsLeft(alice.id)).toEqual([]);
    expect((await call('GET', '/api/auth/me', alice)).status).toBe(401);
    const other = { token: otherDevice.body.access_token };
    expect((await call('GET', '/api/auth/me', other)).status).toBe(401);
    const refresh = await request(server.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: otherDevice.body.refresh_token },
    });
    expect(refresh.status).toBe(401);

    // The partner keeps an account, unpaired, without the desires the two exchanged.
    const partner = await call('GET', '/api/partner/status', bob);
    expect(partner.body).toMatchObject({ status: 'none', has_partner: false, partner: null });
    expect((await call('GET', '/api/messages', bob)).body.messages).toEqual([]);
    expect((await call('GET', '/api/messages/sent', bob)).body.messages).toEqual([]);
    bobSocket.close();

    // The address is free: signing up with it again makes a new person.
    const again = await request<Session>(server.url, 'POST', '/api/auth/signup', {
      body: { email: alice.email, password: 'a new password' },
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(alice.id);
  });

  it('confirms a Farcaster account with a fresh Quick Auth token and tells the partner there', async () => {
    const fid = 424_242;
    const [erin, frank] = [await farcasterUser(fid), await createUser(server.url)];
    await pair(server.url, erin, frank);
    await server.database.db.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url) VALUES ($1, 'farcaster', $2, $3)`,
      [frank.id, 'frank-token', `${notifier.origin}/client-a/notify`],
    );
    const stale = await issuer.sign({ fid, domain: DOMAIN, issuedSecondsAgo: 600 });
    const otherFid = await issuer.sign({ fid: fid + 1, domain: DOMAIN });
    const forged = await issuer.forge({ fid, domain: DOMAIN });
    for (const token of [stale, otherFid, forged]) {
      const refused = await remove(erin, { farcaster_token: token });
      expect(refused).toMatchObject({ status: 403, body: { code: 'reauthentication_failed' } });
    }
    const byPassword = await remove(erin, { password: 'anything' });
    expect(byPassword).toMatchObject({ status: 400, body: { code: 'reauthentication_required' } });

    const fresh = await issuer.sign({ fid, domain: DOMAIN });
    expect(await remove(erin, { farcaster_token: fresh })).toMatchObject({ status: 204 });
    const [sent] = await waitFor(() => notifier.requests.length > 0 && notifier.requests);
    expect(sent!.body).toEqual({
      notificationId: expect.stringMatching(/^partner-account-deleted-[0-9a-f-]{36}$/) as unknown,
      title: 'Your partner left',
      body: `${erin.username} deleted their account`,
      targetUrl: `${PUBLIC_URL}/`,
      tokens: ['frank-token'],
    });
    expect(await rowsLeft(erin.id)).toEqual([]);
    // The same Farcaster identity can come back, as a new account.
    const back = await farcasterUser(fid);
    expect(back.id).not.toBe(erin.id);
  });
});
