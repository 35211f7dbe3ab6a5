import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { signedInClient } from './helpers/supabase.js';

const ANON_KEY = 'test-anon-key-logout-0123456789';

describe.each(DRIVERS)('supabase-js signOut scopes on /auth/v1/logout (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;

  /** A real supabase-js client of its own, signed in as the user: one device. */
  const device = () => signedInClient(server.url, ANON_KEY, user);
  const status = async (token: string) =>
    (await request(server.url, 'GET', '/api/auth/me', { token })).status;

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    user = await createUser(server.url);
  });
  afterAll(() => server?.close());

  it("'others' ends every other session and keeps this one signed in", async () => {
    const [a, b, c] = [await device(), await device(), await device()];
    const { error } = await a.client.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect(await status(a.token)).toBe(200);
    expect(await status(b.token)).toBe(401);
    expect(await status(c.token)).toBe(401);
    expect((await a.client.auth.getSession()).data.session).not.toBeNull();
  });

  it("'local' ends this session only", async () => {
    const [a, b] = [await device(), await device()];
    const { error } = await a.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect(await status(a.token)).toBe(401);
    expect(await status(b.token)).toBe(200);
    expect((await a.client.auth.getSession()).data.session).toBeNull();
  });

  it("'global', supabase-js's default, ends every session of the account", async () => {
    const [a, b] = [await device(), await device()];
    const { error } = await a.client.auth.signOut();
    expect(error).toBeNull();
    expect(await status(a.token)).toBe(401);
    expect(await status(b.token)).toBe(401);
    expect(await status(user.token)).toBe(401);
  });

  it('refuses an unknown scope with a 400, and a call without a session with a 401', async () => {
    const a = await device();
    const bad = await request(server.url, 'POST', '/auth/v1/logout?scope=everyone', {
      token: a.token,
      headers: { apikey: ANON_KEY },
    });
    expect(bad.status).toBe(400);
    expect(await status(a.token)).toBe(200);
    const missing = await request(server.url, 'POST', '/auth/v1/logout?scope=global', {
      headers: { apikey: ANON_KEY },
    });
    expect(missing.status).toBe(401);
  });
});
