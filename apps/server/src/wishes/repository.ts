import type { SealedWishBlob, WishItem, WishMatchSet, WishRound } from '@couple/protocol';
import type { Queryable } from '../db/index.js';

/**
 * The SQL of wishes (migration 027). Every statement runs as the user, under row-level security:
 * only the two partners of the current pairing see a couple's rows, so "not visible" and "not
 * found" are one answer.
 */

/** The caller's partner and both current identity key ids (null where a key is missing). */
export interface CoupleKeys {
  partnerId: string | null;
  myKeyId: string | null;
  partnerKeyId: string | null;
}

export async function selectCoupleKeys(q: Queryable, userId: string): Promise<CoupleKeys> {
  const { rows } = await q.query<CoupleKeys>(
    `SELECT partner.id AS "partnerId",
       (SELECT key_id FROM identity_keys WHERE user_id = $1 AND replaced_at IS NULL) AS "myKeyId",
       (SELECT key_id FROM identity_keys
         WHERE user_id = partner.id AND replaced_at IS NULL) AS "partnerKeyId"
     FROM (SELECT get_my_partner_id() AS id) AS partner`,
    [userId],
  );
  return rows[0] ?? { partnerId: null, myKeyId: null, partnerKeyId: null };
}

/**
 * Makes the couple's writes one at a time (two offers at once, two items at the limit): a lock
 * for the transaction, on the pair whichever side takes it. 27 names this migration's locks.
 */
export async function lockCouple(q: Queryable, userId: string, partnerId: string): Promise<void> {
  const [first, second] = [userId, partnerId].sort();
  await q.query(`SELECT pg_advisory_xact_lock(27, hashtext($1))`, [`${first}|${second}`]);
}

type ItemRow = {
  id: string;
  proposer_id: string;
  content: string;
  encryption_data: SealedWishBlob['encryption_data'];
  created_at: string;
};

const itemOf = (row: ItemRow): WishItem => ({
  id: row.id,
  proposer_id: row.proposer_id,
  text: { content: row.content, encryption_data: row.encryption_data },
  created_at: row.created_at,
});

const ITEM = 'id, proposer_id, content, encryption_data, created_at';

export async function selectItems(q: Queryable): Promise<WishItem[]> {
  const { rows } = await q.query<ItemRow>(`SELECT ${ITEM} FROM wish_items ORDER BY created_at, id`);
  return rows.map(itemOf);
}

export async function selectItem(q: Queryable, id: string): Promise<WishItem | null> {
  const { rows } = await q.query<ItemRow>(`SELECT ${ITEM} FROM wish_items WHERE id = $1`, [id]);
  return rows[0] ? itemOf(rows[0]) : null;
}

export async function countItems(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM wish_items',
  );
  return rows[0]?.count ?? 0;
}

/** The new item, or null when the id is taken (by this couple or anyone else). */
export async function insertItem(
  q: Queryable,
  item: { id: string; proposerId: string; partnerId: string; text: SealedWishBlob },
): Promise<WishItem | null> {
  const { rows } = await q.query<ItemRow>(
    `INSERT INTO wish_items (id, proposer_id, partner_id, content, encryption_data)
     VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (id) DO NOTHING RETURNING ${ITEM}`,
    [
      item.id,
      item.proposerId,
      item.partnerId,
      item.text.content,
      JSON.stringify(item.text.encryption_data),
    ],
  );
  return rows[0] ? itemOf(rows[0]) : null;
}

/** Whether the caller's own item was there to delete. */
export async function deleteOwnItem(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM wish_items WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

type BlobColumns<P extends string> = {
  [K in `${P}_content`]: string | null;
} & { [K in `${P}_encryption_data`]: SealedWishBlob['encryption_data'] | null };

type RoundRow = {
  id: string;
  initiator_id: string;
  responder_id: string;
  created_at: string;
  updated_at: string;
} & BlobColumns<'offer'> &
  BlobColumns<'reply'> &
  BlobColumns<'finish'>;

function blobOf(content: string | null, data: SealedWishBlob['encryption_data'] | null) {
  return content !== null && data !== null ? { content, encryption_data: data } : null;
}

const roundOf = (row: RoundRow): WishRound => ({
  id: row.id,
  initiator_id: row.initiator_id,
  responder_id: row.responder_id,
  offer: blobOf(row.offer_content, row.offer_encryption_data)!,
  reply: blobOf(row.reply_content, row.reply_encryption_data),
  finish: blobOf(row.finish_content, row.finish_encryption_data),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const ROUND = `id, initiator_id, responder_id, offer_content, offer_encryption_data,
  reply_content, reply_encryption_data, finish_content, finish_encryption_data,
  created_at, updated_at`;

export async function selectRounds(q: Queryable): Promise<WishRound[]> {
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND} FROM wish_rounds ORDER BY created_at, id`,
  );
  return rows.map(roundOf);
}

export async function selectRound(q: Queryable, id: string): Promise<WishRound | null> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND} FROM wish_rounds WHERE id = $1`, [id]);
  return rows[0] ? roundOf(rows[0]) : null;
}

/**
 * The new round, or null when the id is taken or was ever used: migration 034's trigger skips a
 * round whose id is in wish_round_ids (a round id is used once).
 */
export async function insertRound(
  q: Queryable,
  round: { id: string; initiatorId: string; responderId: string; offer: SealedWishBlob },
): Promise<WishRound | null> {
  const { rows } = await q.query<RoundRow>(
    `INSERT INTO wish_rounds (id, initiator_id, responder_id, offer_content, offer_encryption_data)
     VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (id) DO NOTHING RETURNING ${ROUND}`,
    [
      round.id,
      round.initiatorId,
      round.responderId,
      round.offer.content,
      JSON.stringify(round.offer.encryption_data),
    ],
  );
  return rows[0] ? roundOf(rows[0]) : null;
}

/** Newest wins: every other round of the couple (row-level security shows no other) goes. */
export async function deleteOtherRounds(q: Queryable, keepId: string): Promise<void> {
  await q.query('DELETE FROM wish_rounds WHERE id <> $1', [keepId]);
}

/** Writes one step (the trigger of migration 027 checks whose and in which order). */
export async function updateRoundStep(
  q: Queryable,
  id: string,
  step: 'reply' | 'finish',
  blob: SealedWishBlob,
): Promise<WishRound> {
  const { rows } = await q.query<RoundRow>(
    `UPDATE wish_rounds SET ${step}_content = $2, ${step}_encryption_data = $3::jsonb,
       updated_at = now()
     WHERE id = $1 RETURNING ${ROUND}`,
    [id, blob.content, JSON.stringify(blob.encryption_data)],
  );
  return roundOf(rows[0]!);
}

export async function deleteRound(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM wish_rounds WHERE id = $1', [id]);
}

type MatchRow = {
  round_id: string;
  content: string;
  encryption_data: SealedWishBlob['encryption_data'];
  updated_at: string;
};

export async function selectOwnMatchSet(
  q: Queryable,
  userId: string,
): Promise<WishMatchSet | null> {
  const { rows } = await q.query<MatchRow>(
    `SELECT round_id, content, encryption_data, updated_at FROM wish_match_sets
     WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row
    ? {
        round_id: row.round_id,
        matches: { content: row.content, encryption_data: row.encryption_data },
        updated_at: row.updated_at,
      }
    : null;
}

export async function upsertOwnMatchSet(
  q: Queryable,
  set: { userId: string; partnerId: string; roundId: string; matches: SealedWishBlob },
): Promise<void> {
  await q.query(
    `INSERT INTO wish_match_sets (user_id, partner_id, round_id, content, encryption_data)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (user_id) DO UPDATE SET partner_id = EXCLUDED.partner_id,
       round_id = EXCLUDED.round_id, content = EXCLUDED.content,
       encryption_data = EXCLUDED.encryption_data, updated_at = now()`,
    [
      set.userId,
      set.partnerId,
      set.roundId,
      set.matches.content,
      JSON.stringify(set.matches.encryption_data),
    ],
  );
}
