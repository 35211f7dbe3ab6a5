import type { RealtimeTable } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

/**
 * The changed row as each of the users' row-level security shows it (migration 020), in one
 * statement; a user who may not see it is absent from the answer. Run as app_user.
 */
export async function selectVisibleRows(
  q: Queryable,
  table: RealtimeTable,
  id: string,
  userIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const { rows } = await q.query<{ user_id: string; record: Record<string, unknown> }>(
    'SELECT user_id, record FROM realtime_visible_rows($1, $2, $3::uuid[])',
    [table, id, userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.record]));
}
