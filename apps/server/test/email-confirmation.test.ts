import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, type Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

describe.each(DRIVERS)('e-mail confirmation (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { env: { REQUIRE_EMAIL_CONFIRMATION: 'true' } });
  });
  afterAll(() => server.close());

  it('signs up without a session, refuses login until the mailed link is visited once', async () => {
    const credentials = { email: 'confirm.me@example.com', password: 'secret1' };
    const signup = await request(server.url, 'POST', '/api/auth/signup', { body: credentials });
    expect(signup.status).toBe(201);
    expect(Object.keys(signup.body).sort()).toEqual(['session', 'user']);
    expect(signup.body).toMatchObject({
      session: null,
      user: { email: credentials.email, email_confirmed_at: null },
    });

    const refused = await request(server.url, 'POST', '/api/auth/login', { body: credentials });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: SERVER_TEXTS.emailNotConfirmed,
      code: 'email_not_confirmed',
    });

    expect(server.mail).toHaveLength(1);
    expect(server.mail[0]!.to).toBe(credentials.email);
    const link = new URL(server.mail[0]!.link);
    expect(link.pathname).toBe('/api/auth/confirm');
    const path = `${link.pathname}${link.search}`;

    const wrongToken = await request(server.url, 'GET', '/api/auth/confirm?token=not-the-token');
    expect(wrongToken.status).toBe(400);
    expect(
      (await request(server.url, 'POST', '/api/auth/login', { body: credentials })).status,
    ).toBe(403);

    const visited = await request(server.url, 'GET', path);
    expect(visited.status).toBe(303);
    expect(visited.headers.get('location')).toBe('/auth/welcome?confirmed=1');

    const reused = await request(server.url, 'GET', path);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      error: SERVER_TEXTS.invalidConfirmation,
      code: 'invalid_confirmation',
    });

    const accepted = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: credentials,
    });
    expect(accepted.status).toBe(200);
    expect(Date.parse(accepted.body.user.email_confirmed_at!)).not.toBeNaN();
  });

  it('refuses a confirmation request without a token with 400', async () => {
    const response = await request(server.url, 'GET', '/api/auth/confirm');
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe('string');
  });
});
