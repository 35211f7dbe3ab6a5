import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FROM_PREVIOUS_RELEASE,
  numberedFiles,
  planMigrations,
  previousRelease,
  type MigrationPlan,
} from './migration-plan.js';
import { applyRepeatables, repeatableFiles } from './repeatable.js';
import type { Database, Queryable } from './types.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** The numbered migration files this build carries, in order: the baseline first. */
export function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return numberedFiles(dir);
}

export interface MigrationState {
  /** Recorded in schema_migrations (none on a new database). */
  applied: string[];
  /** What migrate would apply or record, in order (stepsOf). */
  pending: string[];
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

/** The plan for a database that recorded `applied`; throws for one too new or too old. */
export async function planFor(applied: string[], dir = MIGRATIONS_DIR): Promise<MigrationPlan> {
  return planMigrations(await migrationFiles(dir), await previousRelease(dir), applied);
}

/** The names a plan applies or records, in order. */
const stepsOf = (plan: MigrationPlan) => [
  ...plan.kept,
  ...(plan.recordBaseline ? [plan.recordBaseline] : []),
  ...plan.numbered,
];

/**
 * What has been and what would be applied; throws DatabaseTooNewError for a newer database,
 * DatabaseTooOldError for one older than the previous release.
 */
export async function migrationState(db: Queryable, dir = MIGRATIONS_DIR): Promise<MigrationState> {
  const applied = await appliedMigrations(db);
  return { applied, pending: stepsOf(await planFor(applied, dir)) };
}

/**
 * In one transaction: on a database of the previous release, the files of
 * dir/from-previous-release it lacks, then the baseline recorded in place of its old rows (they
 * name files this build no longer has); then the numbered files not yet recorded, in order (the
 * baseline first on a new database); then the files of dir/repeatable whose checksum changed
 * (all of them after a numbered one ran). Returns what it applied or recorded, in order.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const [files, release] = [await migrationFiles(dir), await previousRelease(dir)];
  const repeatable = await repeatableFiles(join(dir, 'repeatable'));
  return db.transaction(async (tx) => {
    // Instances starting together must not apply the same migration twice. The lock comes
    // first: two concurrent CREATE TABLE IF NOT EXISTS on a new database collide (pg_type).
    await tx.query('SELECT pg_advisory_xact_lock(7215561)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const plan = planMigrations(
      files,
      release,
      done.rows.map((row) => row.version),
    );
    for (const name of plan.kept) {
      await tx.exec(await readFile(join(dir, FROM_PREVIOUS_RELEASE, name), 'utf8'));
    }
    if (plan.recordBaseline) {
      await tx.exec('DELETE FROM schema_migrations');
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [plan.recordBaseline]);
    }
    for (const name of plan.numbered) {
      await tx.exec(await readFile(join(dir, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [name]);
    }
    const steps = stepsOf(plan);
    await applyRepeatables(tx, repeatable, steps.length > 0);
    return steps;
  });
}
