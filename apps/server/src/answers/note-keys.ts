import { ENCRYPTION_VERSION_V2, type EncryptionData, type KeyInfo } from '@couple/protocol';

export interface AnswerKeys {
  own: KeyInfo | null;
  /** The asker's current key; null when they have none or are no longer the caller's partner. */
  asker: KeyInfo | null;
}

/**
 * The end-to-end rules of send_desire_as (migration 010), for an answer's note:
 * - `encryption_upgrade_required`: both have keys and the note is version 1;
 * - `partner_key_changed`: a version 2 note not sealed by the answerer's current key, or not
 *   to the asker's current key (or either has no key).
 */
export function answerNoteRefusal(
  keys: AnswerKeys,
  data: EncryptionData,
): 'encryption_upgrade_required' | 'partner_key_changed' | null {
  if (data.version !== ENCRYPTION_VERSION_V2) {
    return keys.own && keys.asker ? 'encryption_upgrade_required' : null;
  }
  const askerKey = keys.asker?.key_id;
  if (!keys.own || !askerKey) return 'partner_key_changed';
  if (data.sender_key_id !== keys.own.key_id) return 'partner_key_changed';
  return data.recipients.some((recipient) => recipient.key_id === askerKey)
    ? null
    : 'partner_key_changed';
}
