import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  PASSWORD_RESET_EMAILS_PER_HOUR,
  PASSWORD_RESET_TTL_MINUTES,
  type Session,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { connectLive } from './helpers/live-client.js';
import { linkIn, type SmtpInbox } from './helpers/smtp-inbox.js';
import { startMailingServer } from './helpers/mailing-server.js';

const NEW_PASSWORD = 'a brand new secret';

/** The token of a web reset link (/auth/reset-password#token=…). */
function resetToken(link: string): string {
  const url = new URL(link);
  expect(url.pathname).toBe('/auth/reset-password');
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

describe.each(DRIVERS)('forgot password over real SMTP (%s)', (driver) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ server, inbox, close } = await startMailingServer(driver));
  });
  afterAll(() => close());

  async function askForReset(user: TestUser): Promise<string> {
    const asked = await request(server.url, 'POST', '/api/auth/recover', {
      body: { email: user.email.toUpperCase() },
    });
    expect(asked.status).toBe(204);
    const mail = await inbox.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.text).toContain(`within ${PASSWORD_RESET_TTL_MINUTES} minutes`);
    return resetToken(linkIn(mail));
  }

  it('resets through the mailed link once, ending every session and socket', async () => {
    const user = await createUser(server.url);
    const other = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const socket = await connectLive(server.url, other.body.access_token);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const token = await askForReset(user);
    const reset = await request<Session>(server.url, 'POST', '/api/auth/reset-password', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(user.email);

    expect(await ended).toBe('io server disconnect');
    for (const old of [user.token, other.body.access_token]) {
      expect((await request(server.url, 'GET', '/api/auth/me', { token: old })).status).toBe(401);
    }
    const refreshed = await request(server.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(refreshed.status).toBe(401);
    const fresh = await request(server.url, 'GET', '/api/auth/me', {
      token: reset.body.access_token,
    });
    expect(fresh.status).toBe(200);

    const oldPassword = await request(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await request(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: NEW_PASSWORD },
    });
    expect(newPassword.status).toBe(200);

    const again = await request(server.url, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'yet another one' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: ERRORS.invalid_reset_token.text,
      code: 'invalid_reset_token',
    });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const user = await createUser(server.url);
    const known = await request(server.url, 'POST', '/api/auth/recover', {
      body: { email: user.email },
    });
    const unknown = await request(server.url, 'POST', '/api/auth/recover', {
      body: { email: 'nobody.here@example.com' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    await inbox.waitFor((m) => m.to.includes(user.email));
    // Mail goes out as background work: once none is under way, any mail sent has arrived.
    await server.ctx.background.settle();
    expect(inbox.messages.some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);
  });

  it('uses one link of several, after which the others stop working too', async () => {
    const user = await createUser(server.url);
    const first = await askForReset(user);
    inbox.messages.splice(0);
    const second = await askForReset(user);
    const used = await request(server.url, 'POST', '/api/auth/reset-password', {
      body: { token: second, password: NEW_PASSWORD },
    });
    expect(used.status).toBe(200);
    const stale = await request(server.url, 'POST', '/api/auth/reset-password', {
      body: { token: first, password: NEW_PASSWORD },
    });
    expect(stale.body.code).toBe('invalid_reset_token');
  });

  it('refuses a link older than its hour', async () => {
    const user = await createUser(server.url);
    const token = await askForReset(user);
    await server.database.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second'
       WHERE user_id = $1`,
      [user.id],
    );
    const late = await request(server.url, 'POST', '/api/auth/reset-password', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invalid_reset_token');
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(server.url);
    const token = await askForReset(user);
    const { rows } = await server.database.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
  });
});

describe.each(DRIVERS)('forgot password: input and limits (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it.each([
    [{}, 'invalid_input'],
    [{ email: 'not an address' }, 'invalid_input'],
    [{ email: 'a@example.com', admin: true }, 'unknown_field'],
  ])('refuses the request body %j with 400 %s', async (body, code) => {
    const response = await request(server.url, 'POST', '/api/auth/recover', { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'invalid_input'],
    [{ token: 'x', password: 'short' }, 'weak_password'],
    [{ token: 'x'.repeat(201), password: NEW_PASSWORD }, 'invalid_input'],
    [{ token: 'x', password: NEW_PASSWORD, email: 'a@example.com' }, 'unknown_field'],
    [{ token: 'not-a-real-token', password: NEW_PASSWORD }, 'invalid_reset_token'],
  ])('refuses the reset body %j with 400 %s', async (body, code) => {
    const response = await request(server.url, 'POST', '/api/auth/reset-password', { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
  });

  it('sends an address at most its hourly budget of reset mails, known or not', async () => {
    const user = await createUser(server.url);
    for (const email of [user.email, 'unknown.budget@example.com']) {
      for (let i = 0; i < PASSWORD_RESET_EMAILS_PER_HOUR; i += 1) {
        const ok = await request(server.url, 'POST', '/api/auth/recover', { body: { email } });
        expect(ok.status).toBe(204);
      }
      const refused = await request(server.url, 'POST', '/api/auth/recover', { body: { email } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('reset_emails_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await server.ctx.background.settle();
    const sent = server.mail.filter((m) => m.kind === 'passwordReset' && m.to === user.email);
    expect(sent).toHaveLength(PASSWORD_RESET_EMAILS_PER_HOUR);
  });

  it('sends nothing to the placeholder address of a Farcaster account', async () => {
    const user = await createUser(server.url);
    const placeholder = `${user.username}@farcaster.invalid`;
    await server.database.db.query('UPDATE users SET email = $2 WHERE id = $1', [
      user.id,
      placeholder,
    ]);
    const asked = await request(server.url, 'POST', '/api/auth/recover', {
      body: { email: placeholder },
    });
    expect(asked.status).toBe(204);
    await server.ctx.background.settle();
    expect(server.mail.some((m) => m.to === placeholder)).toBe(false);
  });
});

describe.each(DRIVERS)('forgot password: the per-address request budget (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
  });
  afterAll(() => server.close());

  it('counts /api and /auth/v1 requests of one client address together, whatever token', async () => {
    const user = await createUser(server.url);
    const anonKey = (
      await server.database.db.query<{ value: string }>(
        "SELECT value FROM app_secrets WHERE name = 'anon_key'",
      )
    ).rows[0]!.value;
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const api = await request(server.url, 'POST', '/api/auth/recover', {
        body: { email: `ip${i}@example.com` },
        token: user.token,
      });
      statuses.push(api.status);
      const v1 = await request(server.url, 'POST', '/auth/v1/recover', {
        body: { email: `v1ip${i}@example.com` },
        headers: { apikey: anonKey, authorization: `Bearer ${user.token}` },
      });
      statuses.push(v1.status);
    }
    expect(statuses).toEqual([204, 200, 204, 429]);
  });
});
