import type {
  KeyHistoryAnswer,
  KeyHistoryEntry,
  KeyInfo,
  LinkRequestAnswer,
  PendingLinkRequestsAnswer,
  PublishIdentityKeyBody,
} from '@couple/protocol';
import type { Queryable } from '../db/index.js';

/** The key a current key replaced: the most recently replaced one of the same user. */
const KEY_INFO_COLUMNS = `k.public_key, k.key_id, k.created_at,
  (SELECT p.key_id FROM identity_keys p
   WHERE p.user_id = k.user_id AND p.replaced_at IS NOT NULL
   ORDER BY p.replaced_at DESC, p.created_at DESC LIMIT 1) AS previous_key_id`;

/**
 * The current keys of the caller and of their partner in one query; row-level security lets
 * nobody else's through.
 */
export async function selectCurrentKeys(
  q: Queryable,
  userId: string,
): Promise<{ own: KeyInfo | null; partner: KeyInfo | null }> {
  const { rows } = await q.query<KeyInfo & { own: boolean }>(
    `SELECT k.user_id = $1 AS own, ${KEY_INFO_COLUMNS}
     FROM identity_keys k
     WHERE k.replaced_at IS NULL AND k.user_id IN ($1, get_my_partner_id())`,
    [userId],
  );
  const pick = (own: boolean): KeyInfo | null => {
    const row = rows.find((candidate) => candidate.own === own);
    return row
      ? {
          public_key: row.public_key,
          key_id: row.key_id,
          created_at: row.created_at,
          previous_key_id: row.previous_key_id,
        }
      : null;
  };
  return { own: pick(true), partner: pick(false) };
}

/** The caller's current key, locked until the transaction ends (two devices may publish). */
export async function lockCurrentKey(q: Queryable, userId: string): Promise<KeyInfo | null> {
  const { rows } = await q.query<KeyInfo>(
    `SELECT ${KEY_INFO_COLUMNS} FROM identity_keys k
     WHERE k.user_id = $1 AND k.replaced_at IS NULL FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Keeps the current key as history and makes the given one current. */
export async function replaceCurrentKey(
  q: Queryable,
  userId: string,
  key: PublishIdentityKeyBody,
  previousKeyId: string | null,
): Promise<KeyInfo> {
  await q.query(
    'UPDATE identity_keys SET replaced_at = now() WHERE user_id = $1 AND replaced_at IS NULL',
    [userId],
  );
  const { rows } = await q.query<Omit<KeyInfo, 'previous_key_id'>>(
    `INSERT INTO identity_keys
       (user_id, public_key, key_id, rotation_signature, predecessor_signature)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING public_key, key_id, created_at`,
    [
      userId,
      key.public_key,
      key.key_id,
      key.rotation_signature ?? null,
      key.predecessor_signature ?? null,
    ],
  );
  return { ...rows[0]!, previous_key_id: previousKeyId };
}

export async function selectPartnerId(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ partner_id: string | null }>(
    'SELECT get_my_partner_id() AS partner_id',
  );
  return rows[0]?.partner_id ?? null;
}

/**
 * A new request replaces the user's earlier unapproved ones, and expired ones go, as a new
 * pairing code replaces the open one: a user has at most one request waiting.
 */
export async function insertLinkRequest(
  q: Queryable,
  userId: string,
  commitment: string,
  ttlSeconds: number,
): Promise<{ id: string; expires_at: string }> {
  await q.query(
    `DELETE FROM device_links
     WHERE user_id = $1 AND (approved_at IS NULL OR expires_at <= now())`,
    [userId],
  );
  const { rows } = await q.query<{ id: string; expires_at: string }>(
    `INSERT INTO device_links (user_id, commitment, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     RETURNING id, expires_at`,
    [userId, commitment, ttlSeconds],
  );
  return rows[0]!;
}

export type StoredLinkRequest = LinkRequestAnswer & { expired: boolean; approved: boolean };

/** A request of the caller's (row-level security hides the others), locked when asked. */
export async function selectLinkRequest(
  q: Queryable,
  id: string,
  { lock = false } = {},
): Promise<StoredLinkRequest | null> {
  const { rows } = await q.query<StoredLinkRequest>(
    `SELECT id, commitment, approver_public_key, approver_nonce, ephemeral_public_key, nonce,
            expires_at, sealed_payload,
            expires_at <= now() AS expired, approved_at IS NOT NULL AS approved
     FROM device_links WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Step 2: the approving device's ephemeral key and nonce. */
export async function answerLinkRequest(
  q: Queryable,
  id: string,
  answer: { approver_public_key: string; approver_nonce: string },
): Promise<void> {
  await q.query(
    `UPDATE device_links
     SET approver_public_key = $2, approver_nonce = $3, responded_at = now() WHERE id = $1`,
    [id, answer.approver_public_key, answer.approver_nonce],
  );
}

/** Step 3: the new device's key and nonce, checked against the commitment by the service. */
export async function revealLinkRequest(
  q: Queryable,
  id: string,
  reveal: { ephemeral_public_key: string; nonce: string },
): Promise<void> {
  await q.query(
    `UPDATE device_links
     SET ephemeral_public_key = $2, nonce = $3, revealed_at = now() WHERE id = $1`,
    [id, reveal.ephemeral_public_key, reveal.nonce],
  );
}

export async function approveLinkRequest(
  q: Queryable,
  id: string,
  sealedPayload: string,
): Promise<{ id: string; approved_at: string }> {
  const { rows } = await q.query<{ id: string; approved_at: string }>(
    `UPDATE device_links SET sealed_payload = $2, approved_at = now()
     WHERE id = $1 RETURNING id, approved_at`,
    [id, sealedPayload],
  );
  return rows[0]!;
}

/** Every key of the caller and of the current partner, newest first (row-level security). */
export async function selectKeyHistory(q: Queryable, userId: string): Promise<KeyHistoryAnswer> {
  const { rows } = await q.query<KeyHistoryEntry & { own: boolean }>(
    `SELECT user_id = $1 AS own, public_key, key_id, created_at, replaced_at, rotation_signature,
            predecessor_signature
     FROM identity_keys WHERE user_id IN ($1, get_my_partner_id())
     ORDER BY created_at DESC`,
    [userId],
  );
  const entries = (own: boolean): KeyHistoryEntry[] =>
    rows
      .filter((row) => row.own === own)
      .map((row) => ({
        public_key: row.public_key,
        key_id: row.key_id,
        created_at: row.created_at,
        replaced_at: row.replaced_at,
        rotation_signature: row.rotation_signature,
        predecessor_signature: row.predecessor_signature,
      }));
  return { own: entries(true), partner: entries(false) };
}

/** The caller's requests that no device answered yet and that have not expired. */
export async function selectPendingLinkRequests(
  q: Queryable,
): Promise<PendingLinkRequestsAnswer['requests']> {
  const { rows } = await q.query<PendingLinkRequestsAnswer['requests'][number]>(
    `SELECT id, commitment, expires_at FROM device_links
     WHERE responded_at IS NULL AND expires_at > now() ORDER BY created_at DESC`,
  );
  return rows;
}
