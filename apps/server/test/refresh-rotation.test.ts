import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_REUSE_SECONDS, SERVER_TEXTS, type Session } from '@couple/protocol';
import { hashToken } from '../src/auth/service.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SESSION_KEYS, createUser, request, sessionIdOf, type TestUser } from './helpers/api.js';
import { connectLive } from './helpers/live-client.js';

/** POST /api/auth/refresh: rotation, retries within the reuse window, and reuse after it. */
describe.each(DRIVERS)('refresh token rotation (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  const refresh = (refreshToken: string) =>
    request<Session>(server.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: refreshToken },
    });
  const refreshed = async (refreshToken: string) => {
    const answer = await refresh(refreshToken);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const signIn = async () =>
    (
      await request<Session>(server.url, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      })
    ).body;
  const meStatus = async (accessToken: string) =>
    (await request(server.url, 'GET', '/api/auth/me', { token: accessToken })).status;

  beforeAll(async () => {
    server = await startTestServer(driver);
    user = await createUser(server.url);
  });
  afterAll(() => server?.close());

  it('rotates the refresh token, and a reused rotated token revokes the whole session', async () => {
    const first = await signIn();
    const other = await signIn();

    const rotated = await refreshed(first.refresh_token);
    expect(Object.keys(rotated).sort()).toEqual(SESSION_KEYS);
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(await meStatus(rotated.access_token)).toBe(200);
    expect(sessionIdOf(rotated.access_token)).toBe(sessionIdOf(first.access_token));

    const newest = await refreshed(rotated.refresh_token);
    const replayed = await refresh(first.refresh_token);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({
      error: SERVER_TEXTS.invalidRefreshToken,
      code: 'invalid_refresh_token',
    });
    expect((await refresh(newest.refresh_token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('gives two concurrent refreshes of one token the same successor, and both work', async () => {
    const first = await signIn();
    const [tab, worker] = await Promise.all([
      refresh(first.refresh_token),
      refresh(first.refresh_token),
    ]);
    expect([tab.status, worker.status]).toEqual([200, 200]);
    expect(worker.body.refresh_token).toBe(tab.body.refresh_token);
    expect(await meStatus(tab.body.access_token)).toBe(200);
    expect(await meStatus(worker.body.access_token)).toBe(200);
    const next = await refreshed(tab.body.refresh_token);
    expect(sessionIdOf(next.access_token)).toBe(sessionIdOf(first.access_token));
  });

  it('answers a refresh retried after a lost answer with the successor the lost one carried', async () => {
    const first = await signIn();
    const lost = await refreshed(first.refresh_token);
    const retried = await refreshed(first.refresh_token);
    expect(retried.refresh_token).toBe(lost.refresh_token);
    expect(sessionIdOf(retried.access_token)).toBe(sessionIdOf(first.access_token));
    expect(await meStatus(retried.access_token)).toBe(200);
    expect(await meStatus(lost.access_token)).toBe(200);
    expect((await refresh(retried.refresh_token)).status).toBe(200);
  });

  it('revokes the family when a parent comes back after its successor was refreshed', async () => {
    const first = await signIn();
    const successor = await refreshed(first.refresh_token);
    const newest = await refreshed(successor.refresh_token);
    const socket = await connectLive(server.url, newest.access_token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect(await meStatus(newest.access_token)).toBe(401);
    expect((await refresh(newest.refresh_token)).status).toBe(401);
    expect((await refresh(successor.refresh_token)).status).toBe(401);
  });

  it(`reuse after ${REFRESH_TOKEN_REUSE_SECONDS} s still revokes the whole session`, async () => {
    const first = await signIn();
    const next = await refreshed(first.refresh_token);
    await server.database.db.query(
      `UPDATE refresh_tokens SET rotated_at = now() - make_interval(secs => $1)
       WHERE token_hash = $2`,
      [REFRESH_TOKEN_REUSE_SECONDS + 1, hashToken(first.refresh_token)],
    );
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await refresh(next.refresh_token)).status).toBe(401);
    expect(await meStatus(next.access_token)).toBe(401);
  });

  it('refuses an unknown token with 401 and a missing one with 400', async () => {
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      error: SERVER_TEXTS.invalidRefreshToken,
      code: 'invalid_refresh_token',
    });
    const missing = await request(server.url, 'POST', '/api/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'refresh_token is required', code: 'invalid_input' });
  });
});
