import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPGliteWorker } from '../../src/db/pglite/worker-client.js';
import { openPostgres } from '../../src/db/postgres.js';
import { migrate } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/index.js';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  db: Database;
  /** postgres:// URL of this test's own database (postgres driver only). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database that belongs to one test file. By default a copy of the run's migrated
 * template (setup/database-templates.ts); with a dataDir (PGlite on disk) or migrationsDir, or
 * outside the integration tier, initdb and the migrations of migrationsDir instead.
 */
export async function createTestDatabase(
  driver: Driver,
  dataDir?: string,
  migrationsDir?: string,
): Promise<TestDatabase> {
  const fromTemplate = dataDir === undefined && migrationsDir === undefined;
  if (driver === 'pglite') {
    // In its worker thread, as the server runs it.
    const startFromFile = fromTemplate ? inject('pgliteTemplate') : undefined;
    const db = await openPGliteWorker(dataDir, { startFromFile });
    await migrate(db, migrationsDir);
    return { db, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = fromTemplate ? inject('postgresTemplate') : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres({ connectionString: url.toString() });
  // Nothing to apply on a template's copy: this only checks that the template is current.
  await migrate(db, migrationsDir);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A database of one connection to the test server's database (its own pool on PostgreSQL, the
 * only connection on PGlite), so that what a call leaves behind on the connection can be seen.
 */
export async function openSingleConnection(
  driver: Driver,
  database: TestDatabase,
): Promise<{ db: Database; close(): Promise<void> }> {
  if (driver === 'pglite') return { db: database.db, close: async () => undefined };
  const db = await openPostgres({ connectionString: database.url!, max: 1 });
  return { db, close: () => db.close() };
}
