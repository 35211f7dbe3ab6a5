import type { WishBackup } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

/**
 * The SQL of wish backups (migration 037). Every statement runs as the user, under row-level
 * security: a person sees and writes their own row only.
 */

export type WrittenBackup = Pick<WishBackup, 'version' | 'updated_at'>;

/** The caller's backup (row-level security shows no other), for db.readAsUser. */
export const OWN_BACKUP_SQL = 'SELECT content, key_id, version, updated_at FROM wish_backups';

export async function selectOwnBackup(q: Queryable): Promise<WishBackup | null> {
  const { rows } = await q.query<WishBackup>(OWN_BACKUP_SQL);
  return rows[0] ?? null;
}

export async function selectCurrentKeyId(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ key_id: string }>(
    'SELECT key_id FROM identity_keys WHERE user_id = $1 AND replaced_at IS NULL',
    [userId],
  );
  return rows[0]?.key_id ?? null;
}

interface BackupWrite {
  userId: string;
  content: string;
  keyId: string;
}

/** The first backup, version 1; null when there is one already (another device wrote first). */
export async function insertBackup(
  q: Queryable,
  write: BackupWrite,
): Promise<WrittenBackup | null> {
  const { rows } = await q.query<WrittenBackup>(
    `INSERT INTO wish_backups (user_id, content, key_id, version) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id) DO NOTHING RETURNING version, updated_at`,
    [write.userId, write.content, write.keyId],
  );
  return rows[0] ?? null;
}

/**
 * Replaces the backup if it is still at `expected`, as the next version; null when another write
 * came first. The row lock makes two writes from one version one after the other, and the second
 * then finds the version moved on.
 */
export async function updateBackup(
  q: Queryable,
  write: BackupWrite,
  expected: number,
): Promise<WrittenBackup | null> {
  const { rows } = await q.query<WrittenBackup>(
    `UPDATE wish_backups SET content = $2, key_id = $3, version = version + 1, updated_at = now()
     WHERE user_id = $1 AND version = $4 RETURNING version, updated_at`,
    [write.userId, write.content, write.keyId, expected],
  );
  return rows[0] ?? null;
}
