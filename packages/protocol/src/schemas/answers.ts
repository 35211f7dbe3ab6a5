import { z } from 'zod';
import { ANSWER_CHOICES } from '../answers.js';

export const answerBodySchema = z.strictObject({
  choice: z.enum(ANSWER_CHOICES, { error: `choice must be one of ${ANSWER_CHOICES.join(', ')}` }),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

export const desireAnswerSchema = z.object({
  message_id: z.uuid(),
  choice: z.enum(ANSWER_CHOICES),
  updated_at: z.string(),
});
export type DesireAnswer = z.infer<typeof desireAnswerSchema>;
