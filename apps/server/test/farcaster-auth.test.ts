import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXTS, type Profile, type Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';
import { startQuickAuthIssuer, type QuickAuthIssuer } from './helpers/farcaster-fakes.js';
import { createCustodyKey, signInWithFarcaster } from './helpers/quick-auth-siwf.js';

const PUBLIC_URL = 'https://desires.example.com';
const DOMAIN = 'desires.example.com';

describe.each(DRIVERS)('Farcaster sign-in with Quick Auth (%s)', (driver) => {
  let server: TestServer;
  let issuer: QuickAuthIssuer;
  const signIn = (body: unknown) =>
    request<Session>(server.url, 'POST', '/api/auth/farcaster', { body });

  beforeAll(async () => {
    issuer = await startQuickAuthIssuer();
    server = await startTestServer(driver, {
      env: { PUBLIC_URL, FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin },
    });
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('accepts a token won through Quick Auth’s own nonce and SIWF exchange', async () => {
    const key = createCustodyKey(5151);
    issuer.registerCustody(5151, key.address);
    const post = async (path: string, body?: unknown) =>
      (await fetch(issuer.origin + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((response) => response.json())) as Record<string, unknown>;
    const { nonce } = (await post('/nonce')) as { nonce: string };
    const signed = signInWithFarcaster(key, { nonce, domain: DOMAIN, uri: PUBLIC_URL });
    const verified = await post('/verify-siwf', { ...signed, domain: DOMAIN });
    expect(verified).toMatchObject({ valid: true, token: expect.any(String) });
    expect((await signIn({ token: verified.token })).status).toBe(200);

    // The same nonce twice, or another key's signature, is refused as the real server does.
    expect(await post('/verify-siwf', { ...signed, domain: DOMAIN })).toMatchObject({
      valid: false,
    });
    const { nonce: second } = (await post('/nonce')) as { nonce: string };
    const stranger = { ...createCustodyKey(5151) };
    const forged = signInWithFarcaster(stranger, {
      nonce: second,
      domain: DOMAIN,
      uri: PUBLIC_URL,
    });
    expect(await post('/verify-siwf', { ...forged, domain: DOMAIN })).toEqual({
      valid: false,
      message: 'not signed by the custody address',
    });
  });

  it('creates the account on the first sign-in and finds it again on the next', async () => {
    const first = await signIn({
      token: await issuer.sign({ fid: 4242, domain: DOMAIN }),
      username: ' Alice.eth ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: '4242@farcaster.invalid' },
    });
    expect(first.body.user.email_confirmed_at).not.toBeNull();
    expect(issuer.jwksRequests).toBeGreaterThan(0);

    const profile = await request<Profile>(server.url, 'GET', '/api/profile', {
      token: first.body.access_token,
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      auth_method: 'farcaster',
      farcaster_username: 'alice.eth',
    });
    expect(Number(profile.body.farcaster_id)).toBe(4242);
    expect(profile.body.username).toMatch(/^user_/);

    const again = await signIn({ token: await issuer.sign({ fid: 4242, domain: DOMAIN }) });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.refresh_token).not.toBe(first.body.refresh_token);

    const { rows } = await server.ctx.db.query<{ count: number; password_hash: string | null }>(
      `SELECT count(*)::int AS count, max(password_hash) AS password_hash
       FROM users u JOIN profiles p ON p.id = u.id WHERE p.farcaster_id = 4242`,
    );
    expect(rows[0]).toEqual({ count: 1, password_hash: null });
  });

  it('gives two simultaneous first sign-ins of one fid the same single account', async () => {
    const [a, b] = await Promise.all([
      signIn({ token: await issuer.sign({ fid: 3003, domain: DOMAIN }) }),
      signIn({ token: await issuer.sign({ fid: 3003, domain: DOMAIN }) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.user.id).toBe(b.body.user.id);
    const { rows } = await server.ctx.db.query(
      `SELECT u.id FROM users u LEFT JOIN profiles p ON p.id = u.id
       WHERE u.email LIKE '3003%@farcaster.invalid' OR p.farcaster_id = 3003`,
    );
    expect(rows).toHaveLength(1);
  });

  it('keeps the username the user chose, and updates the Farcaster name when it changes', async () => {
    const first = await signIn({ token: await issuer.sign({ fid: 77, domain: DOMAIN }) });
    const renamed = await request(server.url, 'PATCH', '/api/profile', {
      token: first.body.access_token,
      body: { username: 'fc_seventy' },
    });
    expect(renamed.status).toBe(200);
    const next = await signIn({
      token: await issuer.sign({ fid: 77, domain: DOMAIN }),
      username: 'seventy',
    });
    const profile = await request<Profile>(server.url, 'GET', '/api/profile', {
      token: next.body.access_token,
    });
    expect(profile.body).toMatchObject({ username: 'fc_seventy', farcaster_username: 'seventy' });
  });

  it('never lets the fid-shaped identifier sign in with a password', async () => {
    await signIn({ token: await issuer.sign({ fid: 99, domain: DOMAIN }) });
    for (const password of ['99', 'secret1', '99@farcaster.invalid', '']) {
      const login = await request(server.url, 'POST', '/api/auth/login', {
        body: { email: '99@farcaster.invalid', password },
      });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
      expect(login.body.access_token).toBeUndefined();
    }
    const wrong = await request(server.url, 'POST', '/api/auth/login', {
      body: { email: '99@farcaster.invalid', password: 'any password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(SERVER_TEXTS.invalidCredentials);
  });

  it('refuses e-mail sign-up on the host reserved for Farcaster identifiers', async () => {
    const signup = await request(server.url, 'POST', '/api/auth/signup', {
      body: { email: '12345@farcaster.invalid', password: 'secret123' },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.error).toBe('Invalid email address');
  });

  it('refuses forged, expired, wrong-audience, wrong-issuer, malformed and missing tokens', async () => {
    const tokens = {
      forged: await issuer.forge({ fid: 5, domain: DOMAIN }),
      expired: await issuer.sign({ fid: 5, domain: DOMAIN, expiresInSeconds: -60 }),
      wrongAudience: await issuer.sign({ fid: 5, domain: 'evil.example.com' }),
      wrongIssuer: await issuer.sign({
        fid: 5,
        domain: DOMAIN,
        issuer: 'https://auth.farcaster.xyz',
      }),
      notAFid: await issuer.sign({ fid: 'alice', domain: DOMAIN }),
      malformed: 'not.a.jwt',
      garbage: 'x',
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const answer = await signIn({ token });
      expect({ kind, status: answer.status, body: answer.body }).toEqual({
        kind,
        status: 401,
        body: { error: TEXTS.authenticationFailed, code: 'authentication_failed' },
      });
    }
    for (const body of [{}, { token: '' }, { username: 'alice' }]) {
      const answer = await signIn(body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: TEXTS.authenticationFailed,
        code: 'authentication_failed',
      });
    }
    const { rows } = await server.ctx.db.query('SELECT 1 FROM profiles WHERE farcaster_id = 5');
    expect(rows).toHaveLength(0);
  });

  it('answers 400 with an error for bad bodies', async () => {
    const token = await issuer.sign({ fid: 6, domain: DOMAIN });
    const cases: unknown[] = [
      { token: 12345 },
      { token: ['a'] },
      { token, username: 'has spaces' },
      { token, username: 42 },
      { token: 'a'.repeat(5000) },
      [token],
      'token',
    ];
    for (const body of cases) {
      const answer = await request(server.url, 'POST', '/api/auth/farcaster', { body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(typeof answer.body.error).toBe('string');
    }
    const broken = await request(server.url, 'POST', '/api/auth/farcaster', {
      rawBody: '{"token": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(typeof broken.body.error).toBe('string');
  });
});

describe('Farcaster sign-in when the Quick Auth issuer is unreachable', () => {
  it('answers 503, not 401 and not 500', async () => {
    const issuer = await startQuickAuthIssuer();
    const token = await issuer.sign({ fid: 8, domain: DOMAIN });
    const origin = issuer.origin;
    await issuer.close();
    const server = await startTestServer('pglite', {
      env: { PUBLIC_URL, FARCASTER_QUICK_AUTH_ORIGIN: origin },
    });
    try {
      const answer = await request(server.url, 'POST', '/api/auth/farcaster', { body: { token } });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: SERVER_TEXTS.serviceUnavailable,
        code: 'service_unavailable',
      });
    } finally {
      await server.close();
    }
  });
});
