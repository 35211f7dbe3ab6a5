import { z } from 'zod';
import { usernameProblem } from '../rules.js';
import { TEXTS } from '../texts.js';
import { LOCALES } from '../i18n/locales.js';

/** SPEC §5: trimmed and lower-cased, then the rule of usernameProblem (shared with the web app). */
export const usernameSchema = z
  .string({ error: TEXTS.usernameTooShort })
  .trim()
  .toLowerCase()
  .check((ctx) => {
    const problem = usernameProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

export const updateProfileBodySchema = z.strictObject({ username: usernameSchema });

/** A shipped language: the one the server writes this person's pushes and e-mails in. */
export const localeSchema = z.enum(LOCALES);
export const setLocaleBodySchema = z.strictObject({ locale: localeSchema });

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
  /** Null until a device of the account has told its language. */
  locale: localeSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const statsSchema = z.object({ sent: z.number().int(), received: z.number().int() });
export type Stats = z.infer<typeof statsSchema>;
