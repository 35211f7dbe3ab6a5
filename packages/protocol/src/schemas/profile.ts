import { z } from 'zod';
import { usernameProblem } from '../rules.js';
import { TEXTS } from '../texts.js';

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
