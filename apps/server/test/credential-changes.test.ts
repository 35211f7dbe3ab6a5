import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { connectLive } from './helpers/live-client.js';
import { linkIn, type SmtpInbox } from './helpers/smtp-inbox.js';
import { startMailingServer } from './helpers/mailing-server.js';

async function signInAgain(server: TestServer, user: TestUser, password = user.password) {
  return request<Session>(server.url, 'POST', '/api/auth/login', {
    body: { email: user.email, password },
  });
}

describe.each(DRIVERS)('change password (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it('needs the current password, then ends every other session and keeps this one', async () => {
    const user = await createUser(server.url);
    const other = await signInAgain(server, user);
    const socket = await connectLive(server.url, other.body.access_token);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const wrong = await request(server.url, 'PUT', '/api/auth/password', {
      token: user.token,
      body: { current_password: 'not it', password: 'the new secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: ERRORS.current_password_invalid.text,
      code: 'current_password_invalid',
    });

    const changed = await request(server.url, 'PUT', '/api/auth/password', {
      token: user.token,
      body: { current_password: user.password, password: 'the new secret' },
    });
    expect(changed.status).toBe(204);
    expect(await ended).toBe('io server disconnect');
    const otherMe = await request(server.url, 'GET', '/api/auth/me', {
      token: other.body.access_token,
    });
    expect(otherMe.status).toBe(401);
    const me = await request(server.url, 'GET', '/api/auth/me', { token: user.token });
    expect(me.status).toBe(200);
    expect((await signInAgain(server, user)).status).toBe(401);
    expect((await signInAgain(server, user, 'the new secret')).status).toBe(200);
  });

  it.each([
    [{ password: 'the new secret' }, 400, 'invalid_input'],
    [{ current_password: 'x', password: 'short' }, 400, 'weak_password'],
    [{ current_password: 'x', password: 'long enough', extra: 1 }, 400, 'unknown_field'],
  ])('refuses %j with %i %s', async (body, status, code) => {
    const user = await createUser(server.url);
    const response = await request(server.url, 'PUT', '/api/auth/password', {
      token: user.token,
      body,
    });
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });

  it('refuses without a session', async () => {
    const response = await request(server.url, 'PUT', '/api/auth/password', {
      body: { current_password: 'x', password: 'long enough' },
    });
    expect(response.status).toBe(401);
  });

  it('slows down guessing of the current password like sign-ins', async () => {
    const slow = await startTestServer(driver, {
      database: server.database,
      env: { SIGN_IN_FAILURES_BEFORE_SLOWDOWN: '2' },
    });
    try {
      const user = await createUser(slow.url);
      const guess = () =>
        request(slow.url, 'PUT', '/api/auth/password', {
          token: user.token,
          body: { current_password: 'guess', password: 'long enough' },
        });
      expect((await guess()).status).toBe(400);
      expect((await guess()).status).toBe(400);
      expect((await guess()).status).toBe(400);
      const slowed = await guess();
      expect(slowed.status).toBe(429);
      expect(slowed.body.code).toBe('sign_in_slowed');
    } finally {
      await slow.app.close();
    }
  });

  it('tells an account without a password (Farcaster) that it has none', async () => {
    const user = await createUser(server.url);
    await server.database.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [
      user.id,
    ]);
    for (const [method, path] of [
      ['PUT', '/api/auth/password'],
      ['POST', '/api/auth/email-change'],
    ] as const) {
      const body =
        path === '/api/auth/password'
          ? { current_password: 'x', password: 'long enough' }
          : { current_password: 'x', email: 'fc.new@example.com' };
      const response = await request(server.url, method, path, { token: user.token, body });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('no_password');
    }
  });
});

describe.each(DRIVERS)('change e-mail over real SMTP (%s)', (driver) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ server, inbox, close } = await startMailingServer(driver));
  });
  afterAll(() => close());

  it('changes only once the link sent to the new address is followed; the old one is told', async () => {
    const user = await createUser(server.url);
    const newEmail = `moved.${user.username}@example.org`;
    const asked = await request(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { email: newEmail.toUpperCase(), current_password: user.password },
    });
    expect(asked.status).toBe(204);

    const notice = await inbox.waitFor((m) => m.to.includes(user.email));
    expect(notice.subject).toBe('Your e-mail address is being changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/https?:\/\//);
    const confirmation = await inbox.waitFor((m) => m.to.includes(newEmail));
    const link = new URL(linkIn(confirmation));
    expect(link.pathname).toBe('/api/auth/email-change/confirm');

    // Nothing changed yet.
    expect((await signInAgain(server, user)).status).toBe(200);

    const path = `${link.pathname}${link.search}`;
    const followed = await request(server.url, 'GET', path);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/auth/email-changed');

    expect((await signInAgain(server, user)).status).toBe(401);
    const moved = await signInAgain(server, { ...user, email: newEmail });
    expect(moved.status).toBe(200);
    expect(moved.body.user.email).toBe(newEmail);

    const reused = await request(server.url, 'GET', path);
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('/auth/email-changed?error=invalid');
  });
});

describe.each(DRIVERS)('change e-mail: refusals (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it('refuses a taken address, the same address and a wrong password', async () => {
    const [user, other] = [await createUser(server.url), await createUser(server.url)];
    const ask = (body: Record<string, unknown>) =>
      request(server.url, 'POST', '/api/auth/email-change', { token: user.token, body });
    const taken = await ask({ email: other.email, current_password: user.password });
    expect([taken.status, taken.body.code]).toEqual([409, 'email_taken']);
    const same = await ask({ email: user.email, current_password: user.password });
    expect([same.status, same.body.code]).toEqual([400, 'email_unchanged']);
    const wrong = await ask({ email: 'free@example.com', current_password: 'nope' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'current_password_invalid']);
    const farcaster = await ask({ email: 'x@farcaster.invalid', current_password: user.password });
    expect([farcaster.status, farcaster.body.code]).toEqual([400, 'invalid_input']);
    const unknown = await ask({ email: 'a@example.com', current_password: 'x', name: 'y' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'unknown_field']);
    expect(server.mail.filter((m) => m.kind !== 'confirmation')).toEqual([]);
  });

  it('lets the address taken meanwhile win: the link then does nothing', async () => {
    const user = await createUser(server.url);
    const target = `race.${user.username}@example.org`;
    await request(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { email: target, current_password: user.password },
    });
    const link = new URL(server.mail.find((m) => m.to === target)!.link);
    const squatter = await request(server.url, 'POST', '/api/auth/signup', {
      body: { email: target, password: 'secret123' },
    });
    expect(squatter.status).toBe(201);
    const followed = await request(server.url, 'GET', `${link.pathname}${link.search}`);
    expect(followed.headers.get('location')).toBe('/auth/email-changed?error=invalid');
    expect((await signInAgain(server, user)).status).toBe(200);
  });

  it('refuses a confirmation without a token or with an unknown one', async () => {
    const missing = await request(server.url, 'GET', '/api/auth/email-change/confirm');
    expect([missing.status, missing.body.code]).toEqual([400, 'invalid_input']);
    const unknown = await request(server.url, 'GET', '/api/auth/email-change/confirm?token=nope');
    expect(unknown.headers.get('location')).toBe('/auth/email-changed?error=invalid');
  });

  it('a password reset cancels a pending change', async () => {
    const user = await createUser(server.url);
    const target = `cancel.${user.username}@example.org`;
    await request(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { email: target, current_password: user.password },
    });
    const link = new URL(server.mail.find((m) => m.to === target)!.link);
    await request(server.url, 'POST', '/api/auth/recover', { body: { email: user.email } });
    await server.ctx.background.settle();
    const reset = server.mail.find((m) => m.kind === 'passwordReset' && m.to === user.email)!;
    const token = new URLSearchParams(new URL(reset.link).hash.slice(1)).get('token');
    const done = await request(server.url, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'owner is back' },
    });
    expect(done.status).toBe(200);
    const followed = await request(server.url, 'GET', `${link.pathname}${link.search}`);
    expect(followed.headers.get('location')).toBe('/auth/email-changed?error=invalid');
  });
});
