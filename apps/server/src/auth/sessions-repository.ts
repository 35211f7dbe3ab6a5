import type { Queryable } from '../db/index.js';

/** Longest user agent kept; a longer header is cut (the column refuses more). */
export const USER_AGENT_MAX = 512;

/** How often, at most, a session's last_seen_at is written. */
export const LAST_SEEN_INTERVAL_SECONDS = 60;

export interface SessionRow {
  id: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
}

export function clampUserAgent(userAgent: string | undefined): string | null {
  const trimmed = userAgent?.trim();
  return trimmed ? trimmed.slice(0, USER_AGENT_MAX) : null;
}

/**
 * Whether the session is open, in one round trip that also marks it seen when its mark is older
 * than LAST_SEEN_INTERVAL_SECONDS or its device's user agent changed: a session in use is
 * written at most once a minute, and every other check only reads.
 */
export async function touchActiveSession(
  q: Queryable,
  sessionId: string,
  userAgent: string | null,
): Promise<boolean> {
  const { rows } = await q.query(
    `WITH touched AS (
       UPDATE auth_sessions
       SET last_seen_at = now(), user_agent = coalesce($3, user_agent)
       WHERE id = $1 AND revoked_at IS NULL
         AND (last_seen_at < now() - make_interval(secs => $2)
           OR ($3::text IS NOT NULL AND user_agent IS DISTINCT FROM $3))
       RETURNING id)
     SELECT 1 FROM auth_sessions WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, LAST_SEEN_INTERVAL_SECONDS, userAgent],
  );
  return rows.length > 0;
}

export async function selectOpenSessions(q: Queryable, userId: string): Promise<SessionRow[]> {
  const { rows } = await q.query<SessionRow>(
    `SELECT id, user_agent, created_at, last_seen_at FROM auth_sessions
     WHERE user_id = $1 AND revoked_at IS NULL
     ORDER BY last_seen_at DESC, created_at DESC`,
    [userId],
  );
  return rows;
}

/** Revokes open sessions of the user: one (only), all but one (except), or all; returns their ids. */
export async function revokeUserSessions(
  q: Queryable,
  userId: string,
  which: { only?: string; except?: string },
  reason: string,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $4
     WHERE user_id = $1 AND revoked_at IS NULL
       AND ($2::uuid IS NULL OR id = $2) AND ($3::uuid IS NULL OR id <> $3)
     RETURNING id`,
    [userId, which.only ?? null, which.except ?? null, reason],
  );
  return rows.map((row) => row.id);
}
