// Vitest's global set-up of the integration tier: the schema is built once per run, not once per
// file. Each file's database starts from a copy of these templates (helpers/database.ts), which
// saves initdb and the migrations on every file and both drivers; template-database.test.ts
// proves a copy equals a database migrated from empty.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.js';
import { pgliteDatabase } from '../../src/db/pglite/database.js';
import { createPGlite } from '../../src/db/pglite/engine.js';
import { openPostgres } from '../../src/db/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An uncompressed tar of a migrated in-memory PGlite data directory. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to CREATE DATABASE … TEMPLATE from (with TEST_DATABASE_URL). */
    postgresTemplate: string | null;
  }
}

async function buildPGliteTemplate(file: string): Promise<void> {
  const engine = await createPGlite();
  const db = pgliteDatabase(engine);
  try {
    await migrate(db);
    const tar = await engine.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A migrated database with no connection left open, as CREATE DATABASE … TEMPLATE requires. */
async function buildPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres({ connectionString: url.toString() });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'couple-test-templates-'));
  const pgliteFile = join(dir, 'pglite-template.tar');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresName = adminUrl ? `template_${randomBytes(6).toString('hex')}` : null;
  const teardown = async () => {
    if (adminUrl && postgresName) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // One after the other: PGlite runs on this thread and would stall the pg client's timers.
    if (adminUrl && postgresName) await buildPostgresTemplate(adminUrl, postgresName);
    await buildPGliteTemplate(pgliteFile);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('postgresTemplate', postgresName);
  return teardown;
}
