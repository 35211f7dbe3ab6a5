import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config.js';
import { applyRepeatables, repeatableFiles } from './repeatable.js';
import type { Database, Queryable } from './types.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** The database was migrated by a newer build: starting on it could corrupt it. */
export class DatabaseTooNewError extends ConfigError {
  constructor(unknown: string[]) {
    super(
      `The database was migrated by a newer version of this app (it has ${unknown.join(', ')}, ` +
        'which this version does not know): run that version or newer, or restore a backup ' +
        'taken before the upgrade (npm run restore -- FILE).',
    );
  }
}

/** The migration files this build carries, in order. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
}

export interface MigrationState {
  /** Recorded in schema_migrations (none on a new database). */
  applied: string[];
  /** This build's files not yet applied, in order. */
  pending: string[];
}

/** What has been and what would be applied; throws DatabaseTooNewError for a newer database. */
export async function migrationState(db: Queryable, dir = MIGRATIONS_DIR): Promise<MigrationState> {
  return checkedState(await migrationFiles(dir), await appliedMigrations(db));
}

/** The migrations recorded in a database, in order; none when it has never been migrated. */
export async function appliedMigrations(db: Pick<Queryable, 'query'>): Promise<string[]> {
  const table = await db.query<{ present: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS present`,
  );
  if (!table.rows[0]?.present) return [];
  const { rows } = await db.query<{ version: string }>(
    'SELECT version FROM schema_migrations ORDER BY 1',
  );
  return rows.map((row) => row.version);
}

function checkedState(files: string[], applied: string[]): MigrationState {
  const unknown = applied.filter((version) => !files.includes(version));
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown);
  const done = new Set(applied);
  return { applied, pending: files.filter((name) => !done.has(name)) };
}

/**
 * Applies the numbered .sql files not yet recorded, in order, then the files of dir/repeatable
 * whose checksum changed (all of them after a versioned one ran), in one transaction. Returns the
 * versioned migrations it applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  const repeatable = await repeatableFiles(`${dir}/repeatable`);
  return db.transaction(async (tx) => {
    // Instances starting together must not apply the same migration twice. The lock comes
    // first: two concurrent CREATE TABLE IF NOT EXISTS on a new database collide (pg_type).
    await tx.query('SELECT pg_advisory_xact_lock(7215561)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const { pending } = checkedState(
      files,
      done.rows.map((row) => row.version),
    );
    for (const name of pending) {
      await tx.exec(await readFile(`${dir}/${name}`, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [name]);
    }
    await applyRepeatables(tx, repeatable, pending.length > 0);
    return pending;
  });
}
