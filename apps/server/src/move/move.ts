import { appliedMigrations } from '../db/migrate.js';
import type { Database, Queryable } from '../db/types.js';
import {
  planCopy,
  qualified,
  quoteIdent,
  readForeignKeys,
  readSequenceNames,
  readTables,
  readUserTriggers,
  type CopyPlan,
  type Table,
} from './catalog.js';
import { COMPARABLE_OUTPUT, tableSum } from './checksum.js';
import { copyTable } from './copy.js';
import { MoveError } from './errors.js';
import { openSourceCopy } from './source.js';
import { connectTarget, prepareTarget, redactUrl, tablesWithRows } from './target.js';
import { compareSchemas, compareVersions } from './compare.js';

export interface MoveOptions {
  /** The PGlite DATA_DIR; read from a copy, never written. */
  from: string;
  /** postgres:// URL of the target database. */
  to: string;
  log?: (line: string) => void;
}

export interface MovedTable {
  table: string;
  rows: number;
  checksum: string;
}

export interface MoveResult {
  tables: MovedTable[];
  sequences: { name: string; value: string }[];
}

/** Any number unlikely to be another lock's: two moves into one database run one after the other. */
const MOVE_LOCK = 7215562;
const PROGRESS_EVERY_ROWS = 10_000;

/**
 * Copies every row of a PGlite data directory into an empty PostgreSQL database migrated to the
 * same version, in one transaction that commits only once each table's count and checksum agree
 * with the source's. See docs/deploy.md "Moving from PGlite to PostgreSQL".
 */
export async function moveDatabase({
  from,
  to,
  log = () => undefined,
}: MoveOptions): Promise<MoveResult> {
  const source = await openSourceCopy(from);
  try {
    if (source.migrated.length > 0) {
      log(`source copy brought to this version (${source.migrated.length} migrations)`);
    }
    const target = await connectTarget(to);
    try {
      const migrated = await prepareTarget(to, target.db);
      log(`target ${redactUrl(to)}: ${migrated.length} migrations run`);
      compareVersions(await appliedMigrations(source.db), await appliedMigrations(target.db));
      const tables = compareSchemas(await readTables(source.db), await readTables(target.db));
      return await copyAll(source.db, target.db, tables, log);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** Refuses a target that holds rows: a move fills only an empty database, and only once. */
async function refuseFilledTarget(target: Queryable, tables: string[]): Promise<void> {
  const filled = await tablesWithRows(target, tables);
  if (filled.length > 0) {
    throw new MoveError(
      `the target is not empty (rows in ${filled.join(', ')}): db:move fills only a database with no data, so a second move into it is refused`,
    );
  }
}

/**
 * While the rows are copied: the target's triggers off, and the foreign keys of cycles
 * (`deferred`) dropped. The function returned puts both back, keys first.
 */
async function loosenConstraints(
  target: Queryable,
  deferred: CopyPlan['deferred'],
): Promise<() => Promise<void>> {
  const triggers = await readUserTriggers(target);
  for (const trigger of triggers) {
    await target.exec(
      `ALTER TABLE ${qualified(trigger.table)} DISABLE TRIGGER ${quoteIdent(trigger.name)}`,
    );
  }
  for (const key of deferred) {
    await target.exec(
      `ALTER TABLE ${qualified(key.table)} DROP CONSTRAINT ${quoteIdent(key.name)}`,
    );
  }
  return async () => {
    for (const key of deferred) {
      await target.exec(
        `ALTER TABLE ${qualified(key.table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`,
      );
    }
    for (const trigger of triggers) {
      await target.exec(
        `ALTER TABLE ${qualified(trigger.table)} ENABLE TRIGGER ${quoteIdent(trigger.name)}`,
      );
    }
  };
}

/** Every table's rows, in order, from one snapshot of the source; progress in the log. */
async function copyRows(
  sourceDb: Database,
  target: Queryable,
  tables: Table[],
  log: (line: string) => void,
): Promise<void> {
  await sourceDb.transaction(async (source) => {
    for (const table of tables) {
      let reported = 0;
      const rows = await copyTable(source, target, table, (copied) => {
        if (copied - reported < PROGRESS_EVERY_ROWS) return;
        reported = copied;
        log(`  ${table.name}: ${copied} rows…`);
      });
      log(`copied ${table.name}: ${rows} rows`);
    }
  });
}

async function copyAll(
  sourceDb: Database,
  target: Queryable,
  tables: Table[],
  log: (line: string) => void,
): Promise<MoveResult> {
  await sourceDb.exec(COMPARABLE_OUTPUT);
  await target.exec(COMPARABLE_OUTPUT);
  const byName = new Map(tables.map((table) => [table.name, table]));
  await target.exec('BEGIN');
  try {
    await target.query('SELECT pg_advisory_xact_lock($1)', [MOVE_LOCK]);
    await refuseFilledTarget(target, [...byName.keys()]);
    const plan = planCopy([...byName.keys()], await readForeignKeys(target));
    const ordered = plan.order.map((name) => byName.get(name)!);
    const restoreConstraints = await loosenConstraints(target, plan.deferred);
    await copyRows(sourceDb, target, ordered, log);
    await restoreConstraints();
    const moved = await verifyTables(sourceDb, target, ordered);
    // Sequences last: setval is not undone by a rollback, so it runs only once all rows agree.
    const sequences = await copySequences(sourceDb, target);
    await target.exec('COMMIT');
    return { tables: moved, sequences };
  } catch (error) {
    await target.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function verifyTables(
  source: Queryable,
  target: Queryable,
  tables: Table[],
): Promise<MovedTable[]> {
  const moved: MovedTable[] = [];
  for (const table of tables) {
    const expected = await tableSum(source, table);
    const actual = await tableSum(target, table);
    if (expected.rows !== actual.rows) {
      throw new MoveError(
        `verification failed for ${table.name}: ${expected.rows} rows in the source, ${actual.rows} in the target; nothing was committed`,
      );
    }
    if (expected.checksum !== actual.checksum) {
      throw new MoveError(
        `verification failed for ${table.name}: the checksums differ (${expected.checksum} in the source, ${actual.checksum} in the target); nothing was committed`,
      );
    }
    moved.push({ table: table.name, rows: actual.rows, checksum: actual.checksum });
  }
  return moved;
}

async function copySequences(
  source: Queryable,
  target: Queryable,
): Promise<{ name: string; value: string }[]> {
  const names = await readSequenceNames(source);
  const targetNames = new Set(await readSequenceNames(target));
  const copied: { name: string; value: string }[] = [];
  for (const name of names) {
    if (!targetNames.has(name)) throw new MoveError(`the target has no sequence ${name}`);
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${qualified(name)}`,
    );
    const state = rows[0]!;
    await target.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      qualified(name),
      state.last_value,
      state.is_called,
    ]);
    const check = await target.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${qualified(name)}`,
    );
    const after = check.rows[0]!;
    if (after.last_value !== state.last_value || after.is_called !== state.is_called) {
      throw new MoveError(`verification failed for sequence ${name}`);
    }
    copied.push({ name, value: state.last_value });
  }
  return copied;
}
