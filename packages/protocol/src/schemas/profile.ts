import { z } from 'zod';
import { TEMPORARY_USERNAME_PREFIX, USERNAME_MAX, USERNAME_MIN } from '../constants.js';
import { SERVER_TEXTS, TEXTS } from '../texts.js';

/** SPEC §5: trimmed and lower-cased, 3 to 20 of a-z 0-9 _ . and never the temporary prefix. */
export const usernameSchema = z
  .string({ error: TEXTS.usernameTooShort })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, TEXTS.usernameTooShort)
  .max(USERNAME_MAX, SERVER_TEXTS.usernameTooLong)
  .regex(/^[a-z0-9_.]+$/, SERVER_TEXTS.usernameCharacters)
  .refine((name) => !name.startsWith(TEMPORARY_USERNAME_PREFIX), SERVER_TEXTS.usernameReserved);

export const updateProfileBodySchema = z.strictObject({ username: usernameSchema });

export const partnerStatusSchema = z.enum(['none', 'pending', 'accepted', 'active']);
export type PartnerStatus = z.infer<typeof partnerStatusSchema>;

export const partnerSummarySchema = z.object({ id: z.uuid(), username: z.string() });
export type PartnerSummary = z.infer<typeof partnerSummarySchema>;

export const authMethodSchema = z.enum(['email', 'farcaster']);

export const profileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  auth_method: authMethodSchema,
  farcaster_id: z.number().int().nullable(),
  farcaster_username: z.string().nullable(),
  partner_id: z.uuid().nullable(),
  partner_status: partnerStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  partner: partnerSummarySchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const statsSchema = z.object({ sent: z.number().int(), received: z.number().int() });
export type Stats = z.infer<typeof statsSchema>;
