import { openPGlite } from './pglite/database.js';
import { openPGliteWorker } from './pglite/worker-client.js';
import { openPostgres } from './postgres.js';
import { migrate, migrationState, type MigrationState } from './migrate.js';
import type { Database } from './types.js';
import type { Config } from '../config.js';

export type { Database, Queryable } from './types.js';

export interface DatabaseConfig {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number | undefined;
  pgliteThread?: 'worker' | 'main' | undefined;
  /** PGlite's worker thread stopped under the server: the database is gone for good. */
  onDatabaseLost?: ((error: Error) => void) | undefined;
  /**
   * Called before migrations are applied to a database that already holds some (an upgrade):
   * the scheduled backups take one here. Not called on a new database or when none is pending.
   */
  beforeMigrate?: ((db: Database, state: MigrationState) => Promise<void>) | undefined;
}

/** The database the configuration names, as the server opens it. */
export function databaseConfigOf(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'PGLITE_THREAD'>,
): DatabaseConfig {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteThread: config.PGLITE_THREAD,
  };
}

/**
 * PostgreSQL when a URL is configured, else embedded PGlite (in a worker thread unless told
 * otherwise); migrated before use.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres({ connectionString: config.databaseUrl, max: config.poolSize, warm: true })
    : config.pgliteThread === 'main'
      ? await openPGlite(config.dataDir)
      : await openPGliteWorker(config.dataDir, { onLost: config.onDatabaseLost });
  try {
    // Also refuses a database migrated by a newer version (DatabaseTooNewError), before a backup.
    const state = await migrationState(db);
    if (config.beforeMigrate && state.applied.length > 0 && state.pending.length > 0) {
      await config.beforeMigrate(db, state);
    }
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
