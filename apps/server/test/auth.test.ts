import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  SERVER_TEXTS,
  TEXTS,
  type Profile,
  type Session,
} from '@couple/protocol';
import { createTokenService } from '../src/auth/tokens.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SESSION_KEYS, createUser, request, sessionIdOf, type TestUser } from './helpers/api.js';

const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const USER_KEYS = ['created_at', 'email', 'email_confirmed_at', 'id'];

function sign(claims: { sub: string; sid: string }, secret: string, expiresAt: number) {
  return new SignJWT({ sid: claims.sid, role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('couple-desires')
    .setAudience('authenticated')
    .setIssuedAt(expiresAt - ACCESS_TOKEN_TTL_SECONDS)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe.each(DRIVERS)('accounts and sessions (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  const post = (path: string, body?: unknown, token?: string) =>
    request(server.url, 'POST', `/api/auth${path}`, { body, token });
  const login = (email: string, password: string) =>
    request<Session & { error?: string }>(server.url, 'POST', '/api/auth/login', {
      body: { email, password },
    });
  const me = (token: string) => request(server.url, 'GET', '/api/auth/me', { token });

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { JWT_SECRET } });
    user = await createUser(server.url);
  });
  afterAll(() => server.close());

  describe('signup', () => {
    it.each([
      ['not-an-email', 'Invalid email address'],
      ['', 'Invalid email address'],
      [42, 'Email is required'],
    ])('refuses the e-mail %j with 400', async (email, error) => {
      const response = await post('/signup', { email, password: 'secret1' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error, code: 'invalid_input' });
    });

    it('refuses a password shorter than 6 characters and a missing one', async () => {
      const short = await post('/signup', { email: 'short@example.com', password: '12345' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ error: SERVER_TEXTS.passwordTooShort, code: 'weak_password' });
      const missing = await post('/signup', { email: 'short@example.com' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'Password is required', code: 'invalid_input' });
      expect((await login('short@example.com', '12345')).status).toBe(401);
    });

    it('refuses an e-mail that already has an account, in any case, with 409', async () => {
      const again = await post('/signup', {
        email: ` ${user.email.toUpperCase()}`,
        password: 'other-password',
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: SERVER_TEXTS.emailTaken, code: 'email_taken' });
      expect((await login(user.email, user.password)).status).toBe(200);
    });

    it('keeps a valid username given at signup, normalised', async () => {
      const signup = await post('/signup', {
        email: 'named@example.com',
        password: 'secret1',
        username: ' Named.One ',
      });
      expect(signup.status).toBe(201);
      const profile = await request<Profile>(server.url, 'GET', '/api/profile', {
        token: (signup.body as unknown as Session).access_token,
      });
      expect(profile.body.username).toBe('named.one');
    });

    it('refuses a taken or invalid username at signup and creates no account', async () => {
      const taken = await post('/signup', {
        email: 'taken@example.com',
        password: 'secret1',
        username: user.username.toUpperCase(),
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: TEXTS.usernameTaken, code: 'username_taken' });
      const tooShort = await post('/signup', {
        email: 'taken@example.com',
        password: 'secret1',
        username: 'ab',
      });
      expect(tooShort.status).toBe(400);
      expect(tooShort.body).toEqual({ error: TEXTS.usernameTooShort, code: 'invalid_input' });
      const reserved = await post('/signup', {
        email: 'taken@example.com',
        password: 'secret1',
        username: 'user_me',
      });
      expect(reserved.status).toBe(400);
      expect(reserved.body).toEqual({
        error: SERVER_TEXTS.usernameReserved,
        code: 'invalid_input',
      });
      expect((await login('taken@example.com', 'secret1')).status).toBe(401);
    });

    it('gives a temporary user_ name when the username is blank', async () => {
      const signup = await post('/signup', {
        email: 'blank@example.com',
        password: 'secret1',
        username: '  ',
      });
      expect(signup.status).toBe(201);
      const token = (signup.body as unknown as Session).access_token;
      const profile = await request<Profile>(server.url, 'GET', '/api/profile', { token });
      expect(profile.body.username).toMatch(/^user_[0-9a-f]+$/);
    });
  });

  describe('login', () => {
    it('answers a wrong password and an unknown e-mail alike with 401', async () => {
      const wrong = await login(user.email, 'not the password');
      const unknown = await login('nobody@example.com', user.password);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({
        error: SERVER_TEXTS.invalidCredentials,
        code: 'invalid_credentials',
      });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('refuses a body without credentials with 400', async () => {
      expect((await post('/login', {})).status).toBe(400);
      expect((await post('/login', { email: user.email, password: '' })).body).toEqual({
        error: 'Password is required',
        code: 'invalid_input',
      });
    });

    it("answers with the spec's session object, exactly", async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await login(` ${user.email.toUpperCase()} `, user.password);
      expect(response.status).toBe(200);
      const session = response.body;
      expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
      expect(Object.keys(session.user).sort()).toEqual(USER_KEYS);
      expect(session.token_type).toBe('bearer');
      expect(session.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
      expect(Number.isInteger(session.expires_at)).toBe(true);
      expect(session.expires_at).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS);
      expect(session.expires_at).toBeLessThanOrEqual(
        Math.ceil(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS,
      );
      expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(session.user).toMatchObject({ id: user.id, email: user.email });
      expect(Date.parse(session.user.email_confirmed_at!)).not.toBeNaN();
      expect((await me(session.access_token)).status).toBe(200);
    });
  });

  describe('logout', () => {
    it('answers 204, is idempotent, and the revoked refresh token no longer works', async () => {
      const session = (await login(user.email, user.password)).body;
      const body = { refresh_token: session.refresh_token };
      const first = await post('/logout', body, session.access_token);
      expect(first.status).toBe(204);
      expect(first.body).toBe('');
      expect((await post('/logout', body, session.access_token)).status).toBe(204);
      const refreshed = await post('/refresh', body);
      expect(refreshed.status).toBe(401);
      expect(refreshed.body).toEqual({
        error: SERVER_TEXTS.invalidRefreshToken,
        code: 'invalid_refresh_token',
      });
    });

    it('revokes the session named by the access token alone, or by the refresh token alone', async () => {
      const byAccess = (await login(user.email, user.password)).body;
      expect((await post('/logout', undefined, byAccess.access_token)).status).toBe(204);
      expect((await post('/refresh', { refresh_token: byAccess.refresh_token })).status).toBe(401);

      const byRefresh = (await login(user.email, user.password)).body;
      expect((await me(byRefresh.access_token)).status).toBe(200);
      expect((await post('/logout', { refresh_token: byRefresh.refresh_token })).status).toBe(204);
      expect((await post('/refresh', { refresh_token: byRefresh.refresh_token })).status).toBe(401);
      // The access token stops at once too, not when its hour is up.
      expect((await me(byAccess.access_token)).status).toBe(401);
      expect((await me(byRefresh.access_token)).status).toBe(401);
    });

    it('answers 204 without any session and 400 for a malformed body', async () => {
      expect((await post('/logout')).status).toBe(204);
      const bad = await post('/logout', { refresh_token: 12 });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.error).toBe('string');
    });
  });

  describe('GET /api/auth/me and access tokens', () => {
    it('returns the user and the profile', async () => {
      const response = await me(user.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        user: { id: user.id, email: user.email },
        profile: { id: user.id, username: user.username, partner: null },
      });
    });

    it('refuses a missing token and a non-bearer header with 401', async () => {
      const missing = await request(server.url, 'GET', '/api/auth/me');
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ error: TEXTS.authSessionMissing, code: 'session_missing' });
      const basic = await request(server.url, 'GET', '/api/auth/me', {
        headers: { authorization: 'Basic dXNlcjpwdw==' },
      });
      expect(basic.status).toBe(401);
      expect(basic.body).toEqual({ error: TEXTS.authSessionMissing, code: 'session_missing' });
      const garbage = await me('not.a.jwt');
      expect(garbage.status).toBe(401);
      expect(garbage.body).toEqual({ error: SERVER_TEXTS.unauthorized, code: 'unauthorized' });
    });

    it('accepts a token signed with the server secret, and refuses forged or expired ones', async () => {
      const claims = { sub: user.id, sid: sessionIdOf(user.token) };
      const now = Math.floor(Date.now() / 1000);

      const genuine = await createTokenService(JWT_SECRET).signAccessToken({
        userId: claims.sub,
        sessionId: claims.sid,
      });
      expect((await me(genuine.token)).status).toBe(200);
      expect((await me(await sign(claims, JWT_SECRET, now + 600))).status).toBe(200);

      const forged = await me(
        await sign(claims, 'another-secret-that-is-long-enough-too', now + 600),
      );
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ error: SERVER_TEXTS.unauthorized, code: 'unauthorized' });

      const expired = await me(await sign(claims, JWT_SECRET, now - 60));
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: SERVER_TEXTS.unauthorized, code: 'unauthorized' });

      const payload = genuine.token.split('.')[1];
      const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
        'base64url',
      );
      expect((await me(`${unsignedHeader}.${payload}.`)).status).toBe(401);
    });

    it('refuses a valid token of a user that no longer exists', async () => {
      const ghost = await createTokenService(JWT_SECRET).signAccessToken({
        userId: '00000000-0000-4000-8000-000000000000',
        sessionId: '00000000-0000-4000-8000-000000000001',
      });
      const response = await me(ghost.token);
      expect(response.status).toBe(401);
      // Its session does not exist either, so the token is refused before any handler runs.
      expect(response.body).toEqual({ error: SERVER_TEXTS.unauthorized, code: 'unauthorized' });
    });
  });
});
