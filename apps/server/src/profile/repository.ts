import type { Locale, PartnerStatus, PartnerSummary } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import type { SqlParam } from '../db/types.js';
import { jsonObjectOf } from '../db/json-sql.js';

export interface ProfileRow {
  id: string;
  username: string;
  auth_method: 'email' | 'farcaster';
  farcaster_id: number | null;
  farcaster_username: string | null;
  partner_id: string | null;
  created_at: string;
  updated_at: string;
  partner_status: PartnerStatus;
}

/** The caller's own row (row-level security shows no other), with the effective status. */
export async function selectOwnProfile(q: Queryable): Promise<ProfileRow | undefined> {
  const { rows } = await q.query<ProfileRow>('SELECT * FROM profile_view');
  return rows[0];
}

/** The columns of profile_view (migration 021): the row plus the effective partner status. */
export const PROFILE_VIEW_COLUMNS = [
  'id',
  'username',
  'auth_method',
  'farcaster_id',
  'farcaster_username',
  'partner_id',
  'partner_status',
  'created_at',
  'updated_at',
] as const;

/**
 * The caller's profile with the partner's summary and the own language (a column of profiles
 * only: profile_view, which /rest/v1 and Realtime show, stays as it was), as the JSON text of the
 * answer of GET /api/profile, built by PostgreSQL (as the message lists: the driver no longer
 * parses a dozen fields for the server to serialise again), in one statement (read in one round
 * trip with `Database.readAsUser`); `partner` is null when not paired.
 */
export const OWN_PROFILE_JSON_SQL = `
  SELECT ${jsonObjectOf('profile_view', PROFILE_VIEW_COLUMNS, ['created_at', 'updated_at'], {
    partner: `CASE WHEN profile_view.partner_id IS NOT NULL THEN (
                SELECT json_build_object('id', s.id, 'username', s.username)
                FROM get_partner_summary() s
              ) END`,
    locale: 'profiles.locale',
  })}::text AS body
  FROM profile_view JOIN profiles ON profiles.id = profile_view.id`;

export async function selectPartnerSummary(q: Queryable): Promise<PartnerSummary | null> {
  const { rows } = await q.query<PartnerSummary>('SELECT id, username FROM get_partner_summary()');
  return rows[0] ?? null;
}

export async function updateOwnUsername(q: Queryable, username: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE profiles SET username = $1, updated_at = now() WHERE id = app_current_user_id()',
    [username],
  );
  return rowCount > 0;
}

/** The caller's language; false when row-level security shows no own row. */
export async function updateOwnLocale(q: Queryable, locale: Locale): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE profiles SET locale = $1, updated_at = now() WHERE id = app_current_user_id()',
    [locale],
  );
  return rowCount > 0;
}

/**
 * System work (a push, notification or e-mail to someone other than the caller): the person's
 * language, and how many desires and thoughts they have not read yet (the icon's badge). Runs as
 * the owner.
 */
export async function selectRecipient(
  q: Queryable,
  userId: string,
): Promise<{ locale: Locale | null; unreadCount: number }> {
  const { rows } = await q.query<{ locale: Locale | null; unread_count: number }>(
    `SELECT (SELECT locale FROM profiles WHERE id = $1) AS locale,
            (SELECT count(*)::int FROM messages WHERE receiver_id = $1 AND read_at IS NULL)
              + (SELECT count(*)::int FROM thoughts WHERE receiver_id = $1 AND read_at IS NULL)
              AS unread_count`,
    [userId],
  );
  return { locale: rows[0]?.locale ?? null, unreadCount: rows[0]?.unread_count ?? 0 };
}

/** The caller's stored language (null until a device told it). */
export async function selectOwnLocale(q: Queryable): Promise<Locale | null> {
  const { rows } = await q.query<{ locale: Locale | null }>(
    'SELECT locale FROM profiles WHERE id = app_current_user_id()',
  );
  return rows[0]?.locale ?? null;
}

export async function countOwnMessages(q: Queryable): Promise<{ sent: number; received: number }> {
  const { rows } = await q.query<{ sent: number; received: number }>(
    `SELECT count(*) FILTER (WHERE sender_id = app_current_user_id())::int AS sent,
            count(*) FILTER (WHERE receiver_id = app_current_user_id())::int AS received
     FROM messages`,
  );
  return rows[0] ?? { sent: 0, received: 0 };
}

export type ProfileViewColumn = (typeof PROFILE_VIEW_COLUMNS)[number];

/**
 * The caller's profile (row-level security shows no other) as /rest/v1 shows it: the given
 * columns, filtered by `where`, a WHERE clause over those columns whose values are in params.
 */
export async function selectProfileView(
  q: Queryable,
  columns: readonly ProfileViewColumn[],
  where: string,
  params: SqlParam[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query(
    `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM profile_view ${where}`,
    params,
  );
  return rows;
}
