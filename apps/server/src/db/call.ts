import type { Queryable, SqlParam } from './types.js';

/** Runs `SELECT fn(...) AS result` and returns that one value. */
export async function selectResult<T>(
  q: Queryable,
  sql: string,
  params: SqlParam[] = [],
): Promise<T> {
  const { rows } = await q.query<{ result: T }>(sql, params);
  return rows[0]!.result;
}
