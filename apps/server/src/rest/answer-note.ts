import { sealedNoteInputSchema, type AnswerBody } from '@couple/protocol';
import { HttpError } from '../errors.js';
import { parseInput } from '../http/validate.js';

export interface AnswerNoteColumns {
  /** The ciphertext; absent when the note is kept or removed. */
  noteEncrypted: string | undefined;
  encryptionData: unknown;
  remove: boolean;
  /** The names the caller used, for the error texts. */
  names: { note: string; data: string };
}

/**
 * A note as `/rest/v1` callers give it (table columns or rpc arguments), as the answer service
 * takes it: a sealed note checked as PUT /api/messages/{id}/answer checks it, null to remove,
 * undefined to keep. Anything that would otherwise be dropped silently is refused.
 */
export function answerNoteOf({
  noteEncrypted,
  encryptionData,
  remove,
  names,
}: AnswerNoteColumns): AnswerBody['note'] {
  if (noteEncrypted === undefined) {
    if (encryptionData != null) {
      throw new HttpError('invalid_input', {
        text: `${names.data} is only allowed with ${names.note}`,
      });
    }
    return remove ? null : undefined;
  }
  if (remove) {
    throw new HttpError('invalid_input', { text: `removing cannot go with ${names.note}` });
  }
  return parseInput(sealedNoteInputSchema, { content: noteEncrypted, encryptionData });
}
