import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from './types.js';

/**
 * Functions and views live in one file each under migrations/repeatable (docs/decisions.md,
 * "Functions and views are repeatable migrations"): a change is a diff of that file, not a new
 * migration restating the whole function. The files run after the versioned migrations, in the
 * same transaction, in file-name order.
 */
export const REPEATABLE_TABLE = 'schema_repeatable';

export interface RepeatableFile {
  /** The file name, e.g. `send_desire_as_v2.sql`; the key in schema_repeatable. */
  name: string;
  sql: string;
  /** SHA-256 of the file's bytes, hex. */
  checksum: string;
}

/** The repeatable files under dir, in name order; none when the folder does not exist. */
export async function repeatableFiles(dir: string): Promise<RepeatableFile[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * When any file's checksum differs from the one recorded (or one is new, or `all`: a versioned
 * migration just ran and may have dropped an object a file makes), runs every file in order and
 * records the checksums; otherwise runs nothing. Every file, not only the changed one: a file that
 * drops and recreates an object (a view's columns, a signature) also drops what depends on it,
 * which the later files make again. Rows of files this build no longer has are removed. Must run
 * inside the migrations' transaction, after their lock. Returns the names it ran.
 */
export async function applyRepeatables(
  tx: Queryable,
  files: RepeatableFile[],
  all: boolean,
): Promise<string[]> {
  const table = await tx.query<{ present: boolean }>(
    `SELECT to_regclass('${REPEATABLE_TABLE}') IS NOT NULL AS present`,
  );
  if (!table.rows[0]?.present) {
    // Like users and auth_sessions: row-level security on, no grant and no policy for app_user.
    await tx.exec(`CREATE TABLE ${REPEATABLE_TABLE} (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE ${REPEATABLE_TABLE} ENABLE ROW LEVEL SECURITY`);
  }
  const { rows } = await tx.query<{ name: string; checksum: string }>(
    `SELECT name, checksum FROM ${REPEATABLE_TABLE}`,
  );
  const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
  const changed = all || files.some((file) => recorded.get(file.name) !== file.checksum);
  const ran: string[] = [];
  for (const file of changed ? files : []) {
    await tx.exec(file.sql);
    await tx.query(
      `INSERT INTO ${REPEATABLE_TABLE} (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
      [file.name, file.checksum],
    );
    ran.push(file.name);
  }
  const gone = [...recorded.keys()].filter((name) => !files.some((file) => file.name === name));
  if (gone.length > 0) {
    await tx.query(`DELETE FROM ${REPEATABLE_TABLE} WHERE name = ANY($1)`, [gone]);
  }
  return ran;
}
