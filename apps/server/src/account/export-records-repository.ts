import type { AccountRecords } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

type Records = AccountRecords;

async function rowsOf<T>(q: Queryable, sql: string, userId: string): Promise<T[]> {
  const { rows } = await q.query<T & Record<string, unknown>>(sql, [userId]);
  return rows;
}

/** The account's keys, its device links and its pairing codes. */
async function selectKeyRecords(
  q: Queryable,
  userId: string,
): Promise<Pick<Records, 'identity_keys' | 'device_links' | 'pairing_codes'>> {
  const identityKeys = await rowsOf<Records['identity_keys'][number]>(
    q,
    `SELECT key_id, public_key, rotation_signature, predecessor_signature, created_at, replaced_at
     FROM identity_keys WHERE user_id = $1 ORDER BY created_at, key_id`,
    userId,
  );
  const deviceLinks = await rowsOf<Records['device_links'][number]>(
    q,
    `SELECT id, commitment, approver_public_key, ephemeral_public_key, created_at, expires_at,
            responded_at, revealed_at, approved_at FROM device_links
     WHERE user_id = $1 ORDER BY created_at, id`,
    userId,
  );
  const pairingCodes = await rowsOf<Records['pairing_codes'][number]>(
    q,
    `SELECT code, created_at, expires_at, used_at FROM pairing_codes
     WHERE owner_id = $1 ORDER BY created_at, code`,
    userId,
  );
  return { identity_keys: identityKeys, device_links: deviceLinks, pairing_codes: pairingCodes };
}

/** Where and when the account is notified: push subscription, mini-app links, quiet hours. */
async function selectNotificationRecords(
  q: Queryable,
  userId: string,
): Promise<Pick<Records, 'push_subscription' | 'notification_links' | 'quiet_hours'>> {
  const pushes = await rowsOf<NonNullable<Records['push_subscription']>>(
    q,
    `SELECT subscription ->> 'endpoint' AS endpoint, updated_at FROM push_subscriptions
     WHERE user_id = $1`,
    userId,
  );
  const notificationLinks = await rowsOf<Records['notification_links'][number]>(
    q,
    `SELECT platform, url, app_fid::float8 AS app_fid, enabled, created_at, updated_at
     FROM notification_tokens WHERE user_id = $1 ORDER BY created_at, id`,
    userId,
  );
  const quiet = await rowsOf<NonNullable<Records['quiet_hours']>>(
    q,
    `SELECT start_time AS start, end_time AS "end", time_zone, updated_at FROM quiet_hours
     WHERE user_id = $1`,
    userId,
  );
  return {
    push_subscription: pushes[0] ?? null,
    notification_links: notificationLinks,
    quiet_hours: quiet[0] ?? null,
  };
}

/** The account's logged errors and its thoughts, sent and received. */
async function selectActivityRecords(
  q: Queryable,
  userId: string,
): Promise<Pick<Records, 'debug_logs' | 'thoughts'>> {
  const debugLogs = await rowsOf<Records['debug_logs'][number]>(
    q,
    `SELECT function_name, input_params, error_message, execution_time_ms, created_at
     FROM debug_logs WHERE user_id = $1 ORDER BY created_at, id`,
    userId,
  );
  const thoughts = await rowsOf<Records['thoughts'][number]>(
    q,
    `SELECT id, sender_id, receiver_id, created_at, read_at FROM thoughts
     WHERE sender_id = $1 OR receiver_id = $1 ORDER BY created_at, id`,
    userId,
  );
  return { debug_logs: debugLogs, thoughts };
}

/**
 * Runs as the user, under row-level security; each query also names the caller, as some
 * tables show the partner's rows too (keys, quiet hours). Secrets are not selected: a push
 * subscription's keys, notification tokens, the sealed key of a device link. The queries run
 * one after another: they share the transaction's one connection.
 */
export async function selectOwnRecords(
  q: Queryable,
  userId: string,
): Promise<Omit<Records, 'sessions' | 'email_links' | 'wishes'>> {
  return {
    ...(await selectKeyRecords(q, userId)),
    ...(await selectNotificationRecords(q, userId)),
    ...(await selectActivityRecords(q, userId)),
  };
}

/**
 * Runs as the owner (these tables belong to sign-in and are closed to app_user), always for one
 * user: sessions without their refresh token hashes, one-time e-mail links without their hashes.
 */
export async function selectSignInRecords(
  q: Queryable,
  userId: string,
): Promise<Pick<Records, 'sessions' | 'email_links'>> {
  const sessions = await rowsOf<Records['sessions'][number]>(
    q,
    `SELECT id, user_agent, created_at, last_seen_at, refreshed_at, revoked_at, revoked_reason
     FROM auth_sessions WHERE user_id = $1 ORDER BY created_at, id`,
    userId,
  );
  const emailLinks = await rowsOf<Records['email_links'][number]>(
    q,
    `SELECT 'email_confirmation' AS kind, NULL AS new_email, expires_at, used_at
       FROM email_confirmations WHERE user_id = $1
     UNION ALL
     SELECT 'password_reset', NULL, expires_at, used_at FROM password_resets WHERE user_id = $1
     UNION ALL
     SELECT 'email_change', new_email, expires_at, used_at FROM email_changes WHERE user_id = $1
     ORDER BY expires_at`,
    userId,
  );
  return { sessions, email_links: emailLinks };
}
