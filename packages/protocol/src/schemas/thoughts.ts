import { z } from 'zod';

/** "Thinking of you": no score, no note; a light entry in the inbox. */
export const sendThoughtBodySchema = z
  .strictObject({ id: z.uuid({ error: 'id must be a UUID' }).optional() })
  .nullish();

export const thoughtSchema = z.object({
  id: z.uuid(),
  sender_id: z.uuid(),
  receiver_id: z.uuid(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Thought = z.infer<typeof thoughtSchema>;

export const thoughtsListSchema = z.object({ thoughts: z.array(thoughtSchema) });
export const thoughtsReadSchema = z.object({ count: z.number().int() });
