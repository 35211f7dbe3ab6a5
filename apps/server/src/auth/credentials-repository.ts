import type { Queryable } from '../db/index.js';

/* The SQL of recovering and changing credentials (migration 012), one function per statement. */

export async function insertPasswordReset(
  q: Queryable,
  reset: { hash: string; userId: string; ttlMinutes: number },
): Promise<void> {
  await q.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [reset.hash, reset.userId, reset.ttlMinutes],
  );
}

/** Marks the link used; its user, or undefined if unknown, used or expired. */
export async function consumePasswordReset(
  q: Queryable,
  hash: string,
): Promise<string | undefined> {
  const { rows } = await q.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [hash],
  );
  return rows[0]?.user_id;
}

/** Records the session that a verified link opened (/auth/v1/verify). */
export async function attachRecoverySession(
  q: Queryable,
  hash: string,
  sessionId: string,
): Promise<void> {
  await q.query('UPDATE password_resets SET session_id = $2 WHERE token_hash = $1', [
    hash,
    sessionId,
  ]);
}

/** Whether the session was opened by a reset link used within the last ttlMinutes. */
export async function isRecoverySession(
  q: Queryable,
  sessionId: string,
  ttlMinutes: number,
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM password_resets
     WHERE session_id = $1 AND used_at > now() - make_interval(mins => $2)`,
    [sessionId, ttlMinutes],
  );
  return rows.length > 0;
}

/** Links not yet used stop working: other reset links and pending e-mail changes. */
export async function dropOpenLinks(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [userId]);
  await q.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/** Sets the password; a reset also confirms the address, which the link has just proven. */
export async function setPasswordHash(
  q: Queryable,
  userId: string,
  passwordHash: string,
  confirmEmail: boolean,
): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, updated_at = now(),
       email_confirmed_at = CASE WHEN $3::boolean THEN coalesce(email_confirmed_at, now())
                            ELSE email_confirmed_at END
     WHERE id = $1`,
    [userId, passwordHash, confirmEmail],
  );
}

/** Ends every open session of the user but `keep`; the ids of those ended. */
export async function revokeUserSessions(
  q: Queryable,
  userId: string,
  reason: string,
  keep: string | null,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $3::uuid
     RETURNING id`,
    [userId, reason, keep],
  );
  return rows.map((row) => row.id);
}

/** A new pending change replaces the user's earlier ones. */
export async function insertEmailChange(
  q: Queryable,
  change: { hash: string; userId: string; newEmail: string; ttlHours: number },
): Promise<void> {
  await q.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [
    change.userId,
  ]);
  await q.query(
    `INSERT INTO email_changes (token_hash, user_id, new_email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [change.hash, change.userId, change.newEmail, change.ttlHours],
  );
}

export async function consumeEmailChange(
  q: Queryable,
  hash: string,
): Promise<{ user_id: string; new_email: string } | undefined> {
  const { rows } = await q.query<{ user_id: string; new_email: string }>(
    `UPDATE email_changes SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, new_email`,
    [hash],
  );
  return rows[0];
}

/** The confirmed new address; a unique violation (taken meanwhile) is the caller's to handle. */
export async function setEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(
    `UPDATE users SET email = $2, email_confirmed_at = now(), updated_at = now() WHERE id = $1`,
    [userId, email],
  );
}
