import { openPGlite } from './pglite.js';
import { openPGliteWorker } from './pglite-worker-client.js';
import { openPostgres } from './postgres.js';
import { migrate } from './migrate.js';
import type { Database } from './types.js';

export type { Database, Queryable } from './types.js';

export interface DatabaseConfig {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number | undefined;
  pgliteThread?: 'worker' | 'main' | undefined;
  /** PGlite's worker thread stopped under the server: the database is gone for good. */
  onDatabaseLost?: ((error: Error) => void) | undefined;
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
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
