import type { QuietWindow } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

const WINDOW = 'start_time AS start, end_time AS "end", time_zone';

/** The caller's window and the current partner's (row-level security shows no one else's). */
export async function selectWindows(
  q: Queryable,
  userId: string,
): Promise<{ own: QuietWindow | null; partner: QuietWindow | null }> {
  const { rows } = await q.query<QuietWindow & { own: boolean }>(
    `SELECT user_id = $1 AS own, ${WINDOW} FROM quiet_hours
     WHERE user_id IN ($1, get_my_partner_id())`,
    [userId],
  );
  const pick = (own: boolean) => {
    const row = rows.find((candidate) => candidate.own === own);
    return row ? { start: row.start, end: row.end, time_zone: row.time_zone } : null;
  };
  return { own: pick(true), partner: pick(false) };
}

export async function upsertWindow(
  q: Queryable,
  userId: string,
  window: QuietWindow,
): Promise<QuietWindow> {
  const { rows } = await q.query<QuietWindow>(
    `INSERT INTO quiet_hours (user_id, start_time, end_time, time_zone) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET start_time = EXCLUDED.start_time,
       end_time = EXCLUDED.end_time, time_zone = EXCLUDED.time_zone, updated_at = now()
     RETURNING ${WINDOW}`,
    [userId, window.start, window.end, window.time_zone],
  );
  return rows[0]!;
}

export async function deleteWindow(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM quiet_hours WHERE user_id = $1', [userId]);
}
