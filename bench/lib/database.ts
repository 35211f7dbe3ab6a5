import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/index.js';

export type Driver = 'pglite' | 'postgres';

/** The local PostgreSQL the benchmarks create their throw-away databases on. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchDatabase {
  driver: Driver;
  /** what the server process is given: DATABASE_URL or DATA_DIR */
  serverEnv: { DATABASE_URL?: string; DATA_DIR?: string };
  /** Opens (and migrates) it from the bench process; for PGlite only while no server runs. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database: a new PostgreSQL database on the local server, or a temporary PGlite dir. */
export async function createBenchDatabase(driver: Driver): Promise<BenchDatabase> {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
    return {
      driver,
      serverEnv: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    driver,
    serverEnv: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
