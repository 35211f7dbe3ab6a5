import { FARCASTER_PLATFORM, type ErrorCode } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import type { UserRow } from '../auth/repository.js';

/** The user whose profile carries this fid. */
export async function findUserByFarcasterId(
  q: Queryable,
  fid: number,
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT u.id, u.email, u.password_hash, u.email_confirmed_at, u.created_at
     FROM users u JOIN profiles p ON p.id = u.id
     WHERE p.farcaster_id = $1`,
    [fid],
  );
  return rows[0];
}

export async function findProfileIdByFarcasterId(
  q: Queryable,
  fid: number,
): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    'SELECT id FROM profiles WHERE farcaster_id = $1',
    [fid],
  );
  return rows[0]?.id;
}

/** Keeps the displayed Farcaster name current; the fid stays the identity. */
export async function updateFarcasterUsername(
  q: Queryable,
  fid: number,
  username: string,
): Promise<void> {
  await q.query(
    `UPDATE profiles SET farcaster_username = $2, updated_at = now()
     WHERE farcaster_id = $1 AND farcaster_username IS DISTINCT FROM $2`,
    [fid, username],
  );
}

interface StoreTokenResult {
  success: boolean;
  error_code: ErrorCode | null;
}

/** Runs as the token's owner (db.asUser): store_notification_token acts for app.user_id. */
export async function storeToken(
  q: Queryable,
  token: { token: string; url: string; appFid: number },
): Promise<StoreTokenResult> {
  const { rows } = await q.query<{ result: StoreTokenResult }>(
    'SELECT store_notification_token($1, $2, $3) AS result',
    [FARCASTER_PLATFORM, token.token, token.url],
  );
  const result = rows[0]!.result;
  if (result.success) {
    await q.query(
      'UPDATE notification_tokens SET app_fid = $3, updated_at = now() WHERE platform = $1 AND token = $2',
      [FARCASTER_PLATFORM, token.token, token.appFid],
    );
  }
  return result;
}

/** Runs as the owner (db.asUser); row-level security limits it to the caller's tokens. */
export async function disableTokensOfClient(q: Queryable, appFid: number): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE notification_tokens SET enabled = false, updated_at = now()
     WHERE platform = $1 AND enabled AND (app_fid = $2 OR app_fid IS NULL)`,
    [FARCASTER_PLATFORM, appFid],
  );
  return rowCount;
}

export interface DeliveryToken {
  token: string;
  url: string;
}

/** System work (delivery): tokens the notification server called invalid. */
export async function disableTokens(q: Queryable, url: string, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await q.query(
    `UPDATE notification_tokens SET enabled = false, updated_at = now()
     WHERE platform = $1 AND url = $2 AND token = ANY($3::text[])`,
    [FARCASTER_PLATFORM, url, tokens],
  );
}
