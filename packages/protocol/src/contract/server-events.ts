import { z } from 'zod';
import { isErrorCode, type ErrorCode } from '../errors.js';
import { desireAnswerSchema } from '../schemas/answers.js';
import { messageSchema, unreadCountSchema } from '../schemas/messages.js';
import { partnerStatusSchema, partnerSummarySchema } from '../schemas/profile.js';
import { thoughtSchema } from '../schemas/thoughts.js';

/**
 * What the server sends on each live-channel event, by its wire name (docs/live-channel.md,
 * "Server → client", is tested against these); SERVER_EVENTS in ../events.ts names each.
 */
export const SERVER_EVENT_SCHEMAS = {
  new_message: messageSchema,
  message_sent: messageSchema,
  messages_marked_read: z.object({ ids: z.array(z.uuid()), all: z.boolean(), readerId: z.uuid() }),
  unread_count: unreadCountSchema,
  /** `ended_by`: on a disconnect, who ended it, so the other side can be told why. */
  partner_status_update: z.object({
    status: partnerStatusSchema,
    partner: partnerSummarySchema.nullable(),
    ended_by: z.uuid().optional(),
  }),
  /** The partner published a new identity key: refetch GET /api/keys before the next note. */
  partner_key_changed: z.object({ key_id: z.string(), previous_key_id: z.string().nullable() }),
  /** To both partners: the receiver answered (or changed the answer to) one desire. */
  desire_answered: desireAnswerSchema.extend({ answerer_id: z.uuid() }),
  /** A live event failed; `event` names it. */
  error: z.object({
    message: z.string(),
    code: z.custom<ErrorCode>(isErrorCode),
    event: z.string().optional(),
  }),
  /** The partner deleted their account: the pair is ended; only their name is told. */
  partner_account_deleted: z.object({ username: z.string() }),
  /** To both partners: a custom wish, a round or a match list changed; refetch GET /api/wishes. */
  wishes_changed: z.object({ reason: z.enum(['item', 'round', 'matches']) }),
  /** To both partners: a round found a match neither had before (never which one). */
  wish_matched: z.object({ round_id: z.uuid() }),
  /** To both partners: one of them is thinking of the other. */
  thought_received: thoughtSchema,
} as const satisfies Record<string, z.ZodType>;

export type ServerEventName = keyof typeof SERVER_EVENT_SCHEMAS;
export type ServerEventPayloads = {
  [E in ServerEventName]: z.output<(typeof SERVER_EVENT_SCHEMAS)[E]>;
};
