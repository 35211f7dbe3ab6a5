import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupFileError } from '../src/backup/archive.js';
import { RefusedError } from '../src/backup/cli-run.js';
import { claimDataDir } from '../src/backup/control.js';
import { restorePGlite } from '../src/backup/restore-pglite.js';
import { restorePostgres } from '../src/backup/restore-postgres.js';
import { openPostgres } from '../src/db/postgres.js';
import { createTestDatabase, DRIVERS, type Driver, type TestDatabase } from './helpers/database.js';
import { startTestServer } from './helpers/server.js';
import { createUser, desire, pair, request } from './helpers/api.js';
import { backupOf } from './helpers/backup.js';

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}

/** Every file under dir with its SHA-256 (PGlite), or every table's rows (PostgreSQL). */
async function fingerprint(driver: Driver, where: string): Promise<string> {
  if (driver === 'postgres') {
    const db = await openPostgres({ connectionString: where, max: 1 });
    try {
      const tables = await db.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
      );
      const sums: string[] = [];
      for (const { name } of tables.rows) {
        const { rows } = await db.query<{ sum: string | null }>(
          `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM public.${name} t`,
        );
        sums.push(`${name}:${rows[0]?.sum}`);
      }
      return sums.join('\n');
    } finally {
      await db.close();
    }
  }
  const lines: string[] = [];
  const walk = async (relative: string) => {
    for (const entry of (await readdir(join(where, relative), { withFileTypes: true })).sort(
      (a, b) => a.name.localeCompare(b.name),
    )) {
      const path = join(relative, entry.name);
      if (entry.isDirectory()) {
        lines.push(`${path}/`);
        await walk(path);
      } else if (entry.isSocket()) {
        lines.push(`${path} (socket)`);
      } else {
        const data = await readFile(join(where, path));
        lines.push(`${path} ${createHash('sha256').update(data).digest('hex')}`);
      }
    }
  };
  await walk('');
  return lines.join('\n');
}

describe.each(DRIVERS)('restore on %s', (driver) => {
  let work: string;
  let database: TestDatabase;
  let where: string;
  let good: string;
  let restore: (file: string) => ReturnType<typeof restorePGlite>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'couple-refusals-'));
    const dataDir = join(work, 'data');
    database = await createTestDatabase(driver, driver === 'pglite' ? dataDir : undefined);
    const server = await startTestServer(driver, { database, env: { DATA_DIR: dataDir } });
    const [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(sent.status).toBe(201);
    good = (await backupOf(database, join(work, 'backups'))).file;
    await request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
    await server.close();
    // The server is gone: its database too (PGlite's worker, the PostgreSQL pool).
    await database.db.close();
    where = database.url ?? dataDir;
    restore = (file) =>
      database.url
        ? restorePostgres(database.url, join(work, 'restore-points'), file)
        : restorePGlite(dataDir, file);
  });
  afterAll(async () => {
    if (database.url) await dropDatabase(database.url);
    await rm(work, { recursive: true, force: true });
  });

  async function expectRefused(
    file: string,
    error: RegExp,
    kind: new (message: string) => Error = BackupFileError,
  ) {
    const before = await fingerprint(driver, where);
    const refusal = restore(file);
    await expect(refusal).rejects.toThrow(error);
    await expect(refusal).rejects.toBeInstanceOf(kind);
    expect(await fingerprint(driver, where)).toBe(before);
  }

  it('refuses a truncated file and changes nothing', async () => {
    const bytes = await readFile(good);
    const truncated = join(work, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(truncated, /truncated/);
  });

  it('refuses a corrupt file and changes nothing', async () => {
    const bytes = Buffer.from(await readFile(good));
    const middle = Math.floor(bytes.length / 2);
    for (let i = middle; i < middle + 64; i++) bytes[i] = bytes[i]! ^ 0x5a;
    const corrupt = join(work, 'corrupt.tar.gz');
    await writeFile(corrupt, bytes);
    await expectRefused(corrupt, /corrupt|damaged|SHA-256/);
    const notGzip = join(work, 'not-a-backup.tar.gz');
    await writeFile(notGzip, 'just some text\n');
    await expectRefused(notGzip, /not a whole gzip file/);
  });

  it('refuses while a server uses the data', async () => {
    if (driver === 'pglite') {
      const control = await claimDataDir(where);
      try {
        await expectRefused(good, /a server is using DATA_DIR/, RefusedError);
      } finally {
        await control.close();
      }
    } else {
      const pool = await openPostgres({ connectionString: where, max: 1, warm: true });
      try {
        await expectRefused(good, /running server use this database/, RefusedError);
      } finally {
        await pool.close();
      }
    }
  });

  it('restores a whole file over the current data and keeps that as a restore point', async () => {
    const count = async (db: TestDatabase['db']) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages')).rows[0]!.n;
    const outcome = await restore(good);
    expect(outcome.restorePoint).toBeDefined();
    expect((await stat(outcome.restorePoint!)).mode & 0o077).toBe(0);
    const reopened = await createTestDatabase(driver, driver === 'pglite' ? where : undefined);
    const db = driver === 'pglite' ? reopened.db : await openPostgres({ connectionString: where });
    try {
      expect(await count(db)).toBe(1);
    } finally {
      if (driver === 'postgres') await db.close();
      await reopened.drop();
    }
    expect((await stat(good)).mode & 0o777).toBe(0o600);
  });
});
