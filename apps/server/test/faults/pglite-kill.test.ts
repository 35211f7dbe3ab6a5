import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import type { Socket } from 'socket.io-client';
import type { Ack, Message } from '@couple/protocol';
import { createUser, desire, pair, type TestUser } from '../helpers/api.js';
import { connectLive } from '../helpers/live-client.js';
import { openPGliteWorker } from '../../src/db/pglite/worker-client.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';

const ROUNDS = 3;

/**
 * The embedded database dies with its process: kill -9 in the middle of sustained sends, start
 * again on the same DATA_DIR, repeat. Whatever was acknowledged must be there.
 */
describe('kill -9 of the embedded (PGlite) server during sustained sends', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'couple-pglite-kill-'));
  let server: ServerProcess | undefined;
  const acknowledged = new Set<string>();
  const attempted = new Set<string>();
  const openedAfterKill: number[] = [];

  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function sendOverHttp(url: string, user: TestUser, stop: () => boolean): Promise<void> {
    while (!stop()) {
      const id = randomUUID();
      attempted.add(id);
      const response = await fetch(`${url}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(desire({ id })),
      }).catch(() => undefined);
      if (response?.status === 201) acknowledged.add(id);
    }
  }

  async function sendLive(socket: Socket, stop: () => boolean): Promise<void> {
    while (!stop() && socket.connected) {
      const id = randomUUID();
      attempted.add(id);
      const ack = (await socket
        .timeout(3_000)
        .emitWithAck('send_message', desire({ id, urgency: 9 }))
        .catch(() => undefined)) as Ack<{ message: Message }> | undefined;
      if (ack?.ok) acknowledged.add(id);
    }
  }

  it('keeps every acknowledged desire across repeated kills, and the database opens cleanly', async () => {
    let alice: TestUser | undefined;
    let bob: TestUser | undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = Date.now();
      server = await spawnServer({ DATA_DIR: dataDir });
      if (round > 0) openedAfterKill.push(Date.now() - started);
      if (!alice || !bob) {
        alice = await createUser(server.url);
        bob = await createUser(server.url);
        await pair(server.url, alice, bob);
      }
      // Every desire goes to alice and none is read: the restarted server counts at least every
      // acknowledged one, and no more than were ever sent.
      // The first request after the restart: a started server serves it (it once shed it, 503).
      const unread = await fetch(`${server.url}/api/messages/unread-count`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(unread.status).toBe(200);
      const count = (await unread.json()) as { count: number };
      expect(count.count).toBeGreaterThanOrEqual(acknowledged.size);
      expect(count.count).toBeLessThanOrEqual(attempted.size);

      const socket = await connectLive(server.url, bob.token);
      const ackedBefore = acknowledged.size;
      let stopped = false;
      const stop = () => stopped;
      const senders = [
        sendLive(socket, stop),
        sendLive(socket, stop),
        sendOverHttp(server.url, bob, stop),
        sendOverHttp(server.url, bob, stop),
      ];
      // Kill somewhere in the middle of the stream, once a good number are acknowledged.
      await vi.waitFor(
        () => expect(acknowledged.size - ackedBefore).toBeGreaterThanOrEqual(40 + round * 15),
        { timeout: 30_000, interval: 5 },
      );
      await server.kill('SIGKILL');
      stopped = true;
      socket.close();
      await Promise.all(senders);
      server = undefined;
      expect(acknowledged.size - ackedBefore).toBeGreaterThanOrEqual(40);
    }

    // Opened directly after the last kill -9: recovery runs, the indexes are sound, nothing is missing.
    const pg = await PGlite.create(dataDir, { extensions: { amcheck } });
    try {
      await pg.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
      const { rows: indexes } = await pg.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am am ON am.oid = c.relam WHERE am.amname = 'btree' AND c.relnamespace = 'public'::regnamespace`,
      );
      expect(indexes.length).toBeGreaterThan(0);
      for (const { name } of indexes) {
        await pg.query('SELECT bt_index_check($1::regclass, true)', [name]);
      }
      const { rows } = await pg.query<{ id: string }>('SELECT id::text FROM messages');
      const stored = new Set(rows.map((row) => row.id));
      expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
      expect([...stored].filter((id) => !attempted.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.size);
    } finally {
      await pg.close();
    }
    expect(openedAfterKill).toHaveLength(ROUNDS - 1);
  }, 400_000);

  it('commits only once the WAL is on disk (fsync on, through a real fsync)', async () => {
    const db = await openPGliteWorker(dataDir);
    try {
      const settings = await db.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method')`,
      );
      expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
        fsync: 'on',
        synchronous_commit: 'on',
        wal_sync_method: 'fsync',
      });
    } finally {
      await db.close();
    }
  });
});
