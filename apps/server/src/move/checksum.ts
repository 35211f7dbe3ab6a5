import { qualified, quoteIdent, type Table } from './catalog.js';
import type { Queryable } from '../db/types.js';

/**
 * Settings under which PGlite (PostgreSQL 17) and PostgreSQL 15 print every value the schema
 * holds (uuid, text, boolean, smallint, integer, bigint, timestamptz, jsonb) as the same text:
 * both sides of a move run under them, so the same rows give the same checksum.
 */
export const COMPARABLE_OUTPUT = [
  `SET TimeZone = 'UTC'`,
  `SET DateStyle = 'ISO, MDY'`,
  `SET IntervalStyle = 'postgres'`,
  `SET extra_float_digits = 1`,
  `SET bytea_output = 'hex'`,
].join('; ');

export interface TableSum {
  rows: number;
  checksum: string;
}

/**
 * The row count and the md5 of the rows' md5s, sorted: each row is hashed as the text of its
 * columns in name order (the same on both sides whatever order ALTER TABLE gave them), and the
 * sort makes the result independent of the order rows are stored or read in, with no primary key
 * and no collation involved (hex digits under "C").
 */
export async function tableSum(db: Queryable, table: Table): Promise<TableSum> {
  const columns = table.columns
    .map((column) => column.name)
    .sort()
    .map(quoteIdent)
    .join(', ');
  const { rows } = await db.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows,
            md5(coalesce(string_agg(h, '' ORDER BY h COLLATE "C"), '')) AS checksum
       FROM (SELECT md5(ROW(${columns})::text) AS h FROM ${qualified(table.name)}) AS hashed`,
  );
  const [sum] = rows;
  if (!sum) throw new Error(`no checksum for ${table.name}`);
  return { rows: Number(sum.rows), checksum: sum.checksum };
}
