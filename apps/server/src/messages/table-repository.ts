import type { Queryable } from '../db/index.js';
import type { SqlParam } from '../db/types.js';
import { orderClause, REST_MAX_ROWS, type OrderBy, type Page } from '../db/table-query.js';

/** The messages as a table with `is_read`, under row-level security: what /rest/v1 filters. */
const MESSAGE_TABLE = 'message_view AS m';

export interface MessageRowsQuery {
  /** Checked against the table's columns by the caller, as are the filters and the order. */
  columns: readonly string[];
  where: string;
  params: SqlParam[];
  order: OrderBy[];
  page: Page;
  /** Also count every matching row (Prefer: count=exact). */
  counted: boolean;
}

export async function selectMessageRows(
  q: Queryable,
  { columns, where, params, order, page, counted }: MessageRowsQuery,
): Promise<{ rows: Record<string, unknown>[]; total: number | null }> {
  const limitAt = params.length + 1;
  const { rows } = await q.query(
    `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM ${MESSAGE_TABLE} ${where}
     ${orderClause(order)} LIMIT $${limitAt} OFFSET $${limitAt + 1}`,
    [...params, page.limit ?? REST_MAX_ROWS, page.offset],
  );
  if (!counted) return { rows, total: null };
  const counts = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${MESSAGE_TABLE} ${where}`,
    params,
  );
  return { rows, total: counts.rows[0]?.total ?? 0 };
}

/** The unread messages the caller received among those the filters match. */
export async function selectUnreadIdsWhere(
  q: Queryable,
  userId: string,
  where: string,
  params: SqlParam[],
): Promise<string[]> {
  const own = `"receiver_id" = $${params.length + 1} AND "read_at" IS NULL`;
  const { rows } = await q.query<{ id: string }>(
    `SELECT "id" FROM ${MESSAGE_TABLE} ${where ? `${where} AND ${own}` : `WHERE ${own}`}`,
    [...params, userId],
  );
  return rows.map((row) => row.id);
}
