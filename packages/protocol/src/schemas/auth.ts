import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import { SERVER_TEXTS } from '../texts.js';

/** The host of the e-mail-shaped identifiers of Farcaster accounts. */
export const FARCASTER_EMAIL_HOST = 'farcaster.invalid';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, SERVER_TEXTS.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.object({
  // Farcaster accounts use this reserved host (RFC 6761); nobody signs up with it.
  email: emailSchema.refine(
    (email) => !email.endsWith(`@${FARCASTER_EMAIL_HOST}`),
    'Invalid email address',
  ),
  password: passwordSchema,
  /** Optional: a missing or blank one leaves a temporary name; an invalid or taken one is refused. */
  username: z.string().max(100).optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const refreshBodySchema = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1).max(200),
});

export const confirmEmailQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.string(),
  email_confirmed_at: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** The stored session of SPEC §3, exactly. */
export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const signUpResponseSchema = z.union([
  sessionSchema,
  z.object({ user: authUserSchema, session: z.null() }),
]);
