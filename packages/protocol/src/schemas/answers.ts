import { z } from 'zod';
import { ANSWER_CHOICES } from '../answers.js';
import { sealedNoteInputSchema, storedEncryptionDataSchema } from './sealed-note.js';

/**
 * An answer, or a change to it. `note` is encrypted exactly as a desire's note is (version 1,
 * or version 2 once both partners have keys): left out, the answer keeps the note it has; null
 * removes it.
 */
export const answerBodySchema = z.strictObject({
  choice: z.enum(ANSWER_CHOICES, { error: `choice must be one of ${ANSWER_CHOICES.join(', ')}` }),
  note: sealedNoteInputSchema.nullable().optional(),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

export const desireAnswerSchema = z.object({
  message_id: z.uuid(),
  choice: z.enum(ANSWER_CHOICES),
  /** The answer's note, encrypted by the answerer's device; null when there is none. */
  note_encrypted: z.string().nullable(),
  encryption_data: storedEncryptionDataSchema.nullable(),
  updated_at: z.string(),
});
export type DesireAnswer = z.infer<typeof desireAnswerSchema>;
