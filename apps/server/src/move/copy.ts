import { qualified, quoteIdent, type Table } from './catalog.js';
import type { Queryable } from '../db/types.js';

/** PostgreSQL takes at most 65535 parameters in one statement; a batch stays well below. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_ROWS = 1_000;

/**
 * Copies one table's rows from source to target in batches: a cursor reads each column as text
 * and a multi-row INSERT casts it back to the column's type, so every value (hashes, keys,
 * ciphertext, timestamps to the microsecond) arrives exactly as it was, and memory holds one
 * batch. Identity values are kept (OVERRIDING SYSTEM VALUE); generated columns are computed by
 * the target. The source must be inside a transaction (the cursor lives until its end).
 */
export async function copyTable(
  source: Queryable,
  target: Queryable,
  table: Table,
  onBatch: (copied: number) => void,
): Promise<number> {
  const columns = table.columns.filter((column) => !column.generated);
  if (columns.length === 0) return 0;
  const batchRows = Math.max(
    1,
    Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)),
  );
  const names = columns.map((column) => quoteIdent(column.name)).join(', ');
  const overriding = columns.some((column) => column.identity) ? ' OVERRIDING SYSTEM VALUE' : '';

  await source.exec(
    `DECLARE move_rows NO SCROLL CURSOR FOR SELECT ${columns
      .map((column, i) => `${quoteIdent(column.name)}::text AS c${i}`)
      .join(', ')} FROM ${qualified(table.name)}`,
  );
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<Record<string, string | null>>(
      `FETCH FORWARD ${batchRows} FROM move_rows`,
    );
    if (rows.length === 0) break;
    const params: (string | null)[] = [];
    const tuples = rows.map((row) => {
      const values = columns.map((column, i) => {
        params.push(row[`c${i}`] ?? null);
        return `$${params.length}::${column.type}`;
      });
      return `(${values.join(', ')})`;
    });
    await target.query(
      `INSERT INTO ${qualified(table.name)} (${names})${overriding} VALUES ${tuples.join(', ')}`,
      params,
    );
    copied += rows.length;
    onBatch(copied);
  }
  await source.exec('CLOSE move_rows');
  return copied;
}
