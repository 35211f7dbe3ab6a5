import { openPGlite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { migrate } from './migrate.js';
import type { Database } from './types.js';

export type { Database, Queryable } from './types.js';

export interface DatabaseConfig {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number | undefined;
}

/** PostgreSQL when a URL is configured, else embedded PGlite; migrated before use. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres({ connectionString: config.databaseUrl, max: config.poolSize, warm: true })
    : await openPGlite(config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
