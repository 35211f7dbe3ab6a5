import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Applies the numbered .sql files not yet recorded, in order, in one transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d+_.+\.sql$/.test(name)).sort();
  return db.transaction(async (tx) => {
    // Instances starting together must not apply the same migration twice. The lock comes
    // first: two concurrent CREATE TABLE IF NOT EXISTS on a new database collide (pg_type).
    await tx.query('SELECT pg_advisory_xact_lock(7215561)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(done.rows.map((row) => row.version));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await tx.exec(await readFile(`${dir}/${name}`, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [name]);
    }
    return pending;
  });
}
