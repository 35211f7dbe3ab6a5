import { z } from 'zod';
import { desireAnswerSchema } from './answers.js';
import { MESSAGES_LIST_LIMIT } from '../constants.js';
import { limitQuerySchema, scoreSchema, userIdSchema } from './common.js';
import {
  plainNoteSchema,
  sealedNoteInputSchema,
  storedEncryptionDataSchema,
  type EncryptionDataInput,
} from './sealed-note.js';

/**
 * A desire as the live channel and POST /api/messages send it (SPEC §3: receiverId, intensity,
 * urgency, content, encrypted, encryptionData), plus an optional client id for idempotent retries.
 */
export const sendDesireSchema = z
  .strictObject({
    id: z.uuid({ error: 'id must be a UUID' }).optional(),
    receiverId: userIdSchema.optional(),
    intensity: scoreSchema('intensity'),
    urgency: scoreSchema('urgency'),
    content: z.string({ error: 'content must be text' }).nullish(),
    encrypted: z.boolean({ error: 'encrypted must be a boolean' }).optional().default(false),
    // Typed for clients; checked below, where whether it is required depends on `encrypted`.
    encryptionData: z.custom<EncryptionDataInput | null>(() => true).optional(),
  })
  .transform((input, ctx) => {
    const base = {
      id: input.id,
      receiverId: input.receiverId,
      intensity: input.intensity,
      urgency: input.urgency,
    };
    if (input.encrypted) {
      const sealed = sealedNoteInputSchema.safeParse({
        content: input.content,
        encryptionData: input.encryptionData,
      });
      if (!sealed.success) {
        ctx.addIssue({
          code: 'custom',
          message: sealed.error.issues[0]?.message ?? 'Invalid input',
        });
        return z.NEVER;
      }
      return { ...base, encrypted: true as const, note: null, ...sealed.data };
    }
    if (input.encryptionData != null) {
      ctx.addIssue({ code: 'custom', message: 'encryptionData is only allowed when encrypted' });
      return z.NEVER;
    }
    const note = plainNoteSchema.safeParse(input.content ?? '');
    if (!note.success) {
      ctx.addIssue({ code: 'custom', message: note.error.issues[0]?.message ?? 'Invalid note' });
      return z.NEVER;
    }
    return {
      ...base,
      encrypted: false as const,
      note: note.data === '' ? null : note.data,
      noteEncrypted: null,
      encryptionData: null,
    };
  });
export type NewDesire = z.output<typeof sendDesireSchema>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'unreadOnly must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const listMessagesQuerySchema = z.strictObject({
  unreadOnly: booleanQuery.optional().default(false),
  limit: limitQuerySchema(MESSAGES_LIST_LIMIT).optional().default(MESSAGES_LIST_LIMIT),
  /** The page after this message (newest first): "Load older" past the first page. */
  before: z.uuid({ error: 'before must be a message id' }).optional(),
});
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

export const messageIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Invalid message id' }),
});

/** The received desires to mark read: these ids, or every unread one when none are given. */
export const markReadSchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: 'Invalid message id' }))
      .max(MESSAGES_LIST_LIMIT * 2)
      .optional(),
  })
  .nullish()
  .transform((v) => v ?? {});

export const messageSchema = z.object({
  id: z.uuid(),
  sender_id: z.uuid(),
  receiver_id: z.uuid(),
  intensity: z.number().int(),
  urgency: z.number().int(),
  encrypted: z.boolean(),
  note: z.string().nullable(),
  note_encrypted: z.string().nullable(),
  encryption_data: storedEncryptionDataSchema.nullable(),
  read_at: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesListSchema = z.object({
  messages: z.array(messageSchema),
  count: z.number().int(),
  /** The answers to this page's desires (at most one each). */
  answers: z.array(desireAnswerSchema),
});
export const unreadCountSchema = z.object({ count: z.number().int() });
export const markedReadSchema = z.object({ ids: z.array(z.uuid()), count: z.number().int() });
