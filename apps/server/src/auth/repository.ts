import type { Queryable } from '../db/index.js';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_confirmed_at: string | null;
  created_at: string;
}

const USER_COLUMNS = 'id, email, password_hash, email_confirmed_at, created_at';

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [
    email,
  ]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** Inserts the user unless the e-mail is taken; undefined then. */
export async function insertUser(
  q: Queryable,
  user: { email: string; passwordHash: string | null; confirmed: boolean },
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (email, password_hash, email_confirmed_at)
     VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.confirmed],
  );
  return rows[0];
}

export async function insertProfile(
  q: Queryable,
  profile: {
    id: string;
    username: string;
    authMethod: 'email' | 'farcaster';
    farcasterId?: number | null;
    farcasterUsername?: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO profiles (id, username, auth_method, farcaster_id, farcaster_username)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      profile.id,
      profile.username,
      profile.authMethod,
      profile.farcasterId ?? null,
      profile.farcasterUsername ?? null,
    ],
  );
}

export async function usernameExists(q: Queryable, username: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM profiles WHERE username = $1', [username]);
  return rows.length > 0;
}

export async function insertSession(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id',
    [userId],
  );
  return rows[0]!.id;
}

/** Stores the token; a successor stored by an earlier answer to the same parent is kept as it is. */
export async function insertRefreshToken(
  q: Queryable,
  token: { hash: string; sessionId: string; ttlDays: number },
): Promise<void> {
  await q.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))
     ON CONFLICT (token_hash) DO NOTHING`,
    [token.hash, token.sessionId, token.ttlDays],
  );
}

export interface RefreshTokenRow {
  session_id: string;
  user_id: string;
  expired: boolean;
  rotated: boolean;
  /** Rotated within the reuse window, and its successor never used: a retried refresh. */
  reusable: boolean;
  session_revoked: boolean;
}

export async function lockRefreshToken(
  q: Queryable,
  hash: string,
  reuseSeconds = 0,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await q.query<RefreshTokenRow>(
    `SELECT t.session_id, s.user_id,
            t.expires_at <= now() AS expired,
            t.rotated_at IS NOT NULL AS rotated,
            coalesce(t.rotated_at > now() - make_interval(secs => $2)
              AND NOT EXISTS (
                SELECT 1 FROM refresh_tokens o
                WHERE o.session_id = t.session_id AND o.rotated_at > t.rotated_at), false)
              AS reusable,
            s.revoked_at IS NOT NULL AS session_revoked
     FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
     WHERE t.token_hash = $1
     FOR UPDATE OF t, s`,
    [hash, reuseSeconds],
  );
  return rows[0];
}

/**
 * Unused tokens of the session other than the one kept: a random successor issued before
 * successors were derived from their parent, so that a retry leaves one live token, not two.
 */
export async function dropOtherUnusedRefreshTokens(
  q: Queryable,
  sessionId: string,
  keptHash: string,
): Promise<void> {
  await q.query(
    `DELETE FROM refresh_tokens
     WHERE session_id = $1 AND rotated_at IS NULL AND token_hash <> $2`,
    [sessionId, keptHash],
  );
}

export async function markTokenRotated(q: Queryable, hash: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [hash]);
  await q.query(
    `UPDATE auth_sessions SET refreshed_at = now()
     WHERE id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
    [hash],
  );
}

export async function revokeSession(
  q: Queryable,
  sessionId: string,
  reason: string,
): Promise<void> {
  await q.query(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
     WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, reason],
  );
}

export async function isSessionActive(q: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM auth_sessions WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
  );
  return rows.length > 0;
}

export async function insertEmailConfirmation(
  q: Queryable,
  confirmation: { hash: string; userId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO email_confirmations (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + interval '24 hours')`,
    [confirmation.hash, confirmation.userId],
  );
}

/** Marks the confirmation used and the user confirmed; false if unknown, used or expired. */
export async function consumeEmailConfirmation(q: Queryable, hash: string): Promise<boolean> {
  const { rows } = await q.query<{ user_id: string }>(
    `UPDATE email_confirmations SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [hash],
  );
  const userId = rows[0]?.user_id;
  if (!userId) return false;
  await q.query(
    'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
  return true;
}

export async function confirmUserEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}
