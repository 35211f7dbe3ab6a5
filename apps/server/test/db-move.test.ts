import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@couple/protocol';
import { openPostgres } from '../src/db/postgres.js';
import { migrate } from '../src/db/migrate.js';
import type { Database } from '../src/db/types.js';
import { createTestDatabase } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { desire, request, type TestUser } from './helpers/api.js';
import { startFakePushService, verifyVapid, type FakePushService } from './helpers/push-service.js';
import {
  addNeighbours,
  createEmptyDatabase,
  fingerprint,
  populate,
  QUIET_WINDOW,
  runMove,
  type Population,
} from './helpers/move-fixture.js';

const CIPHERTEXT = `SELECT 'message' AS kind, id::text, note_encrypted, encryption_data::text AS data
                      FROM messages WHERE encrypted
                    UNION ALL
                    SELECT 'answer', message_id::text, note_encrypted, encryption_data::text
                      FROM desire_answers WHERE note_encrypted IS NOT NULL
                    ORDER BY 1, 2`;

/** What each user reads through the API: it must read the same after the move. */
async function views(url: string, people: Population) {
  const get = async (path: string, user: TestUser) =>
    (await request(url, 'GET', path, { token: user.token })).body;
  const seen: Record<string, unknown> = {};
  for (const [name, user] of Object.entries(people)) {
    if (!('token' in user)) continue;
    for (const path of [
      '/api/messages',
      '/api/messages/sent',
      '/api/keys',
      '/api/profile/quiet-hours',
      '/api/partner/status',
    ]) {
      seen[`${name} ${path}`] = await get(path, user);
    }
  }
  return seen;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'db:move from a PGlite DATA_DIR to PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let dataDir: string;
    let push: FakePushService;
    let people: Population;
    let before: Record<string, unknown>;
    let ciphertext: unknown[];
    let vapidKey: string;
    let lastDebugId: number;
    let files: Record<string, string>;
    let target: { url: string; drop(): Promise<void> };
    let moved: TestServer | undefined;
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'couple-move-source-'));
      push = await startFakePushService();
      const database = await createTestDatabase('pglite', dataDir);
      const source = await startTestServer('pglite', {
        database,
        env: { DATA_DIR: dataDir },
        pushAgent: push.agent,
      });
      try {
        people = await populate(source.url, push);
        before = await views(source.url, people);
        ciphertext = (await database.db.query(CIPHERTEXT)).rows;
        vapidKey = String(
          (await request(source.url, 'GET', '/api/push/public-key')).body.publicKey,
        );
        const { rows } = await database.db.query<{ id: string }>(
          'SELECT max(id)::text AS id FROM debug_logs',
        );
        lastDebugId = Number(rows[0]!.id);
      } finally {
        await source.close();
        await database.drop();
      }
      await addNeighbours(dataDir);
      files = await fingerprint(dataDir);
      target = await createEmptyDatabase();
    }, 120_000);

    afterAll(async () => {
      await moved?.close();
      for (const cleanup of cleanups) await cleanup();
      await target?.drop();
      await push?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('moves every table, verified, and says what it moved', async () => {
      expect(ciphertext.length).toBeGreaterThanOrEqual(3);
      const run = await runMove(['--from', dataDir, '--to', target.url]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      for (const table of ['users', 'profiles', 'messages', 'desire_answers', 'identity_keys']) {
        expect(run.stdout).toMatch(new RegExp(`^ {2}${table} +\\d+ rows {2}checksum OK$`, 'm'));
      }
      expect(run.stdout).toMatch(/^ {2}users +4 rows {2}checksum OK$/m);
      for (const table of ['wish_items', 'wish_rounds', 'wish_match_sets']) {
        expect(run.stdout).toMatch(
          new RegExp(`^ {2}${table} +[1-9]\\d* rows {2}checksum OK$`, 'm'),
        );
      }
      expect(run.stdout).toMatch(/^ {2}app_secrets +[1-9]\d* rows {2}checksum OK$/m);
      expect(run.stdout).not.toMatch(/schema_migrations/);
      expect(run.stdout).toContain(`${dataDir} is unchanged`);
    }, 120_000);

    it('serves the same accounts, sessions, notes and secrets from PostgreSQL', async () => {
      const db: Database = await openPostgres({ connectionString: target.url });
      expect(await migrate(db)).toEqual([]);
      moved = await startTestServer('postgres', {
        database: { db, url: target.url, drop: () => db.close() },
        env: { DATABASE_URL: target.url },
        pushAgent: push.agent,
      });
      const url = moved.url;
      expect(await views(url, people)).toEqual(before);
      expect((await db.query(CIPHERTEXT)).rows).toEqual(ciphertext);

      const { alice, bob, dave } = people;
      for (const user of [alice, bob]) {
        const login = await request<Session>(url, 'POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
        });
        expect(login.status).toBe(200);
        expect(login.body.user.id).toBe(user.id);
      }
      // Tokens issued by the PGlite server: the JWT key and the refresh token hashes came along.
      const refreshed = await request(url, 'POST', '/api/auth/refresh', {
        body: { refresh_token: bob.session.refresh_token },
      });
      expect(refreshed.status).toBe(200);
      expect((await request(url, 'GET', '/api/messages/sent', { token: alice.token })).status).toBe(
        200,
      );
      expect(
        (await request(url, 'GET', '/api/profile/quiet-hours', { token: dave.token })).body,
      ).toMatchObject({ own: QUIET_WINDOW });

      // The push subscription and the VAPID keys it was made with still reach bob.
      expect((await request(url, 'GET', '/api/push/public-key')).body.publicKey).toBe(vapidKey);
      const sent = await request(url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire({ content: null }),
      });
      expect(sent.status).toBe(201);
      const pushed = await push.nextRequest(people.bobPush);
      expect((await verifyVapid(pushed, push.origin)).publicKey).toBe(vapidKey);

      // Identity sequences continue after the copied ids.
      const logged = await request(url, 'POST', '/api/debug/logs', {
        token: alice.token,
        body: { function_name: 'CLIENT_ERROR_after_move', input_params: {} },
      });
      expect(logged.status).toBe(201);
      const { rows } = await db.query<{ id: string }>('SELECT max(id)::text AS id FROM debug_logs');
      expect(Number(rows[0]!.id)).toBe(lastDebugId + 1);
    }, 120_000);

    it('refuses a second move into the same database and changes nothing there', async () => {
      const count = async () =>
        (await moved!.database.db.query<{ n: string }>('SELECT count(*)::text AS n FROM messages'))
          .rows[0]!.n;
      const messages = await count();
      const run = await runMove(['--from', dataDir, '--to', target.url]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(/^db:move: the target is not empty \(rows in .*users/);
      expect(run.stderr).toContain('a second move into it is refused');
      expect(await count()).toBe(messages);
    }, 120_000);

    it('refuses a target that already holds a row', async () => {
      const other = await createEmptyDatabase();
      cleanups.push(() => other.drop());
      const db = await openPostgres({ connectionString: other.url });
      try {
        await migrate(db);
        await db.query(`INSERT INTO app_secrets (name, value) VALUES ('someone_else', 'x')`);
        const run = await runMove(['--from', dataDir, '--to', other.url]);
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/^db:move: the target is not empty \(rows in app_secrets\)/);
        const { rows } = await db.query('SELECT name FROM app_secrets');
        expect(rows).toEqual([{ name: 'someone_else' }]);
      } finally {
        await db.close();
      }
    }, 120_000);

    it('commits nothing when the copy or its verification fails, and a retry then works', async () => {
      const other = await createEmptyDatabase();
      cleanups.push(() => other.drop());
      const db = await openPostgres({ connectionString: other.url });
      const state = async () =>
        (
          await db.query<{ users: string; partner_key: string }>(
            `SELECT (SELECT count(*) FROM users)::text AS users,
                    (SELECT count(*) FROM pg_constraint
                      WHERE conname = 'profiles_partner_id_fkey')::text AS partner_key`,
          )
        ).rows[0];
      try {
        await migrate(db);
        // A rule of the target's own that the source's rows break half-way through the copy.
        await db.exec('ALTER TABLE messages ADD CONSTRAINT calm CHECK (intensity < 7)');
        const failed = await runMove(['--from', dataDir, '--to', other.url]);
        expect(failed.code).toBe(1);
        expect(failed.stderr.trim()).toMatch(
          /^db:move failed, nothing was committed: .*violates check constraint "calm"/,
        );
        expect(await state()).toEqual({ users: '0', partner_key: '1' });

        // A target that loses rows as they arrive: the counts differ, the transaction rolls back.
        await db.exec(`ALTER TABLE messages DROP CONSTRAINT calm;
          CREATE RULE lose_client_errors AS ON INSERT TO debug_logs
            DO ALSO DELETE FROM debug_logs WHERE function_name LIKE 'CLIENT_ERROR%'`);
        const mismatch = await runMove(['--from', dataDir, '--to', other.url]);
        expect(mismatch.code).toBe(1);
        expect(mismatch.stderr.trim()).toBe(
          'db:move: verification failed for debug_logs: 1 rows in the source, 0 in the target; nothing was committed',
        );
        expect(await state()).toEqual({ users: '0', partner_key: '1' });

        await db.exec('DROP RULE lose_client_errors ON debug_logs');
        const retried = await runMove(['--from', dataDir, '--to', other.url]);
        expect(retried.code).toBe(0);
        expect(await state()).toEqual({ users: '4', partner_key: '1' });
      } finally {
        await db.close();
      }
    }, 120_000);

    it('refuses a missing or corrupt source with a clear message', async () => {
      const missing = await runMove(['--from', join(dataDir, 'nope'), '--to', target.url]);
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toBe(
        `db:move: the source ${join(dataDir, 'nope')} is not a directory`,
      );

      const notPglite = await mkdtemp(join(tmpdir(), 'couple-move-empty-'));
      cleanups.push(() => rm(notPglite, { recursive: true, force: true }));
      const empty = await runMove(['--from', notPglite, '--to', target.url]);
      expect(empty.stderr.trim()).toBe(
        `db:move: the source ${notPglite} is not a PGlite data directory (no PG_VERSION)`,
      );

      const corrupt = await mkdtemp(join(tmpdir(), 'couple-move-corrupt-'));
      cleanups.push(() => rm(corrupt, { recursive: true, force: true }));
      await cp(dataDir, corrupt, { recursive: true, filter: (path) => !path.endsWith('.sock') });
      await rm(join(corrupt, 'global/pg_control'));
      const broken = await runMove(['--from', corrupt, '--to', target.url]);
      expect(broken.code).toBe(1);
      expect(broken.stderr.trim()).toMatch(/^db:move: cannot open the PGlite database in /);
    }, 120_000);

    it('leaves every file of the source directory as it was', async () => {
      expect(await fingerprint(dataDir)).toEqual(files);
    });
  },
);
