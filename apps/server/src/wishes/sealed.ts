import type { SealedWishBlob, WishRound } from '@couple/protocol';
import { HttpError } from '../errors.js';
import type { CoupleKeys } from './repository.js';

/**
 * The end-to-end rule of desires and answers (app_note_key_refusal, migrations/repeatable), for
 * every wish blob and stricter: sealed by the sender's current identity key to exactly two
 * recipients, the partner's current key and the sender's own (so the sender's other devices read
 * it too), where a note needs only the partner's among its recipients. A partner without a key
 * cannot be sealed to yet; any other key id than the current ones means the device's keys are
 * stale.
 */
export function checkSealedToCouple(keys: CoupleKeys, blobs: readonly SealedWishBlob[]): void {
  if (keys.partnerKeyId === null) throw new HttpError('encryption_upgrade_required');
  const expected = [keys.partnerKeyId, keys.myKeyId].sort().join(' ');
  for (const { encryption_data: data } of blobs) {
    const recipients = data.recipients.map((recipient) => recipient.key_id).sort();
    if (data.sender_key_id !== keys.myKeyId || recipients.join(' ') !== expected) {
      throw new HttpError('partner_key_changed');
    }
  }
}

/** The blob's fields in one order, whatever order jsonb gave them back in. */
function canonical({ content, encryption_data: data }: SealedWishBlob): string {
  return JSON.stringify([
    content,
    data.version,
    data.iv,
    data.sender_key_id,
    data.recipients.map(({ key_id, enc, wrapped_key }) => [key_id, enc, wrapped_key]),
  ]);
}

/** Whether a repeated request carries exactly the blob already stored (an idempotent retry). */
export function sameBlob(stored: WishRound['offer'] | null, sent: SealedWishBlob): boolean {
  if (stored === null || stored.encryption_data.version !== 2) return false;
  return canonical({ ...stored, encryption_data: stored.encryption_data }) === canonical(sent);
}

/**
 * Creates a row once: the same request again answers the stored row (a retry); the id with
 * anything else, or taken by anyone the caller cannot see, is `wish_id_taken`.
 */
export async function createOnce<T>(
  stored: T | null,
  isSameRequest: (row: T) => boolean,
  create: () => Promise<T | null>,
): Promise<{ row: T; created: boolean }> {
  if (stored) {
    if (isSameRequest(stored)) return { row: stored, created: false };
    throw new HttpError('wish_id_taken');
  }
  const row = await create();
  if (!row) throw new HttpError('wish_id_taken');
  return { row, created: true };
}
