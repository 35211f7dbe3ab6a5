import pg from 'pg';
import { migrate } from '../db/migrate.js';
import { clientQueryable, openPostgres } from '../db/postgres.js';
import type { Queryable } from '../db/types.js';
import { MIGRATIONS_TABLE, qualified, readTables } from './catalog.js';
import { MoveError } from './errors.js';
import { messageOf } from '../error-message.js';

export interface TargetConnection {
  db: Queryable;
  close(): Promise<void>;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the target URL';
  }
}

/** One connection of its own: the whole copy is one transaction on it, with no time limit. */
export async function connectTarget(url: string): Promise<TargetConnection> {
  const client = new pg.Client({ connectionString: url, statement_timeout: 0 });
  // A connection lost mid-move must surface as the failing query's error, not end the process.
  client.on('error', () => undefined);
  await client.connect().catch((error: unknown) => {
    throw new MoveError(`cannot connect to ${redactUrl(url)}: ${messageOf(error)}`);
  });
  const db = clientQueryable(client);
  return { db, close: () => client.end().catch(() => undefined) };
}

/**
 * Refuses a database that cannot hold the copy as it is (its text is not UTF-8 like PGlite's, or
 * it holds another application's tables), then runs this version's migrations on it.
 */
export async function prepareTarget(url: string, target: Queryable): Promise<string[]> {
  const { rows } = await target.query<{ encoding: string }>(
    `SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()`,
  );
  const encoding = rows[0]?.encoding;
  if (encoding !== 'UTF8') {
    throw new MoveError(
      `the target database's encoding is ${encoding}, not UTF8: create it with ENCODING 'UTF8'`,
    );
  }
  const tables = (await readTables(target)).map((table) => table.name);
  if (tables.length > 0 && !tables.includes(MIGRATIONS_TABLE)) {
    throw new MoveError(
      `the target database holds tables that are not this app's (${tables.slice(0, 3).join(', ')}…): move into a new, empty database`,
    );
  }
  const migrations = await openPostgres({ connectionString: url, max: 1 });
  try {
    return await migrate(migrations);
  } catch (error) {
    throw new MoveError(`cannot run the migrations on ${redactUrl(url)}: ${messageOf(error)}`);
  } finally {
    await migrations.close();
  }
}

/** Tables of the target that already hold a row (after migrating, every one should be empty). */
export async function tablesWithRows(target: Queryable, tables: string[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await target.query<{ filled: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${qualified(table)}) AS filled`,
    );
    if (rows[0]?.filled) filled.push(table);
  }
  return filled;
}
