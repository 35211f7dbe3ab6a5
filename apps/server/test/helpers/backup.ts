import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPGliteWorker } from '../../src/db/pglite/worker-client.js';
import { openPostgres } from '../../src/db/postgres.js';
import { migrate } from '../../src/db/migrate.js';
import { backupPGlite, backupPostgres, type BackupOutcome } from '../../src/backup/create.js';
import type { TestDatabase, Driver } from './database.js';

/** A new, empty place to restore into: a directory, or a database on TEST_DATABASE_URL. */
export interface RestoreTarget {
  dataDir?: string;
  url?: string;
  drop(): Promise<void>;
}

export async function emptyTarget(driver: Driver): Promise<RestoreTarget> {
  if (driver === 'pglite') {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'couple-restore-')), 'data');
    return { dataDir, drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_restore_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The restored database opened as the server opens it (migrated: a no-op when whole). */
export async function openTarget(target: RestoreTarget): Promise<TestDatabase> {
  const db = target.url
    ? await openPostgres({ connectionString: target.url })
    : await openPGliteWorker(target.dataDir);
  await migrate(db);
  return { db, ...(target.url ? { url: target.url } : {}), drop: () => db.close() };
}

/** An online backup of a test database, as the server takes it. */
export function backupOf(database: TestDatabase, dir: string): Promise<BackupOutcome> {
  return database.url ? backupPostgres(database.url, dir) : backupPGlite(database.db, dir);
}
