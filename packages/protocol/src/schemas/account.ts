import { z } from 'zod';
import { PASSWORD_MAX } from '../constants.js';
import { accountRecordsSchema } from './account-export.js';
import { desireAnswerSchema } from './answers.js';
import { messageSchema } from './messages.js';
import { authMethodSchema, localeSchema } from './profile.js';

/** One signed-in device of the account, as settings lists it. */
export const deviceSessionSchema = z.object({
  id: z.uuid(),
  /** Derived from the user agent ("Chrome on Android"); the header itself is not shown. */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const sessionsListSchema = z.object({ sessions: z.array(deviceSessionSchema) });

export const sessionIdParamsSchema = z.strictObject({ id: z.uuid() });

export const signedOutSchema = z.object({ signed_out: z.number().int() });

/**
 * Deleting the account is confirmed by the password, or for an account without one by a Quick
 * Auth token issued moments ago; exactly one of the two.
 */
export const deleteAccountBodySchema = z
  .strictObject({
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
    farcaster_token: z.string().min(1).max(4096).optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.farcaster_token === undefined), {
    error: 'Give either password or farcaster_token',
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const pairingRecordSchema = z.object({
  partner_id: z.uuid(),
  /** Known for the current partner only; a former partner's name is not theirs to keep here. */
  partner_username: z.string().nullable(),
  connected_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by_me: z.boolean().nullable(),
});

/**
 * Everything the server holds about the caller, for the export: notes as stored (it cannot open
 * encrypted ones), and the account's records (./account-export.ts) without their secrets.
 */
export const accountDataSchema = accountRecordsSchema.extend({
  profile: z.object({
    id: z.uuid(),
    email: z.string(),
    username: z.string(),
    auth_method: authMethodSchema,
    farcaster_id: z.number().int().nullable(),
    farcaster_username: z.string().nullable(),
    email_confirmed_at: z.string().nullable(),
    created_at: z.string(),
    /** The language the server writes this person's pushes and e-mails in; null until chosen. */
    locale: localeSchema.nullable(),
  }),
  pairings: z.array(pairingRecordSchema),
  sent: z.array(messageSchema),
  received: z.array(messageSchema),
  /** The answers to those desires (given or received), their notes as stored. */
  answers: z.array(desireAnswerSchema),
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** supabase-js `signOut({ scope })` on /auth/v1/logout; GoTrue's default is global. */
export const goTrueLogoutQuerySchema = z.strictObject({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});
