import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Message, Session } from '@couple/protocol';
import { createTestDatabase } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request } from './helpers/api.js';

async function startOn(dataDir: string): Promise<TestServer> {
  const database = await createTestDatabase('pglite', dataDir);
  return startTestServer('pglite', { database, env: { DATA_DIR: dataDir } });
}

async function stop(server: TestServer): Promise<void> {
  await server.close();
  await server.database.drop();
}

// PGlite only: a PostgreSQL server keeps its data outside this process, so only the embedded
// driver has a restart of its own to survive.
describe('the embedded PGlite database (PGlite only)', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts, the pairing, desires, read state and sessions across a restart on the same DATA_DIR', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'couple-data-'));
    const first = await startOn(dataDir);
    const alice = await createUser(first.url);
    const bob = await createUser(first.url);
    await pair(first.url, alice, bob);
    const sent = await request(first.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ intensity: 9, urgency: '2', content: 'remember me' }),
    });
    expect(sent.status).toBe(201);
    const second = await request(first.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    const readId = second.body.message!.id;
    expect(
      (await request(first.url, 'POST', `/api/messages/${readId}/read`, { token: bob.token }))
        .status,
    ).toBe(200);
    await stop(first);

    const restarted = await startOn(dataDir);
    try {
      const get = (path: string, token: string) => request(restarted.url, 'GET', path, { token });
      const inbox = await get('/api/messages', bob.token);
      expect(inbox.status).toBe(200);
      expect(inbox.body.count).toBe(2);
      const [latest, earliest] = inbox.body.messages as [Message, Message];
      expect(earliest).toEqual(sent.body.message);
      expect(latest).toMatchObject({ id: readId, is_read: true });
      expect((await get('/api/messages/unread-count', bob.token)).body).toEqual({ count: 1 });
      expect((await get('/api/profile/stats', alice.token)).body).toEqual({ sent: 2, received: 0 });
      expect((await get('/api/partner/status', bob.token)).body).toEqual({
        status: 'accepted',
        has_partner: true,
        partner: { id: alice.id, username: alice.username },
      });

      const login = await request<Session>(restarted.url, 'POST', '/api/auth/login', {
        body: { email: alice.email, password: alice.password },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.id).toBe(alice.id);
      const refreshed = await request(restarted.url, 'POST', '/api/auth/refresh', {
        body: { refresh_token: bob.session.refresh_token },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await stop(restarted);
    }
  });
});
