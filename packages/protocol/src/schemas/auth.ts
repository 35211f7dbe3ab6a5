import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import type { ErrorCode } from '../errors.js';
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
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((password) => password.length >= PASSWORD_MIN, {
    error: SERVER_TEXTS.passwordTooShort,
    params: { code: 'weak_password' satisfies ErrorCode },
  });

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.strictObject({
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

export const refreshBodySchema = z.strictObject({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1).max(200),
});

export const logoutBodySchema = z
  .strictObject({ refresh_token: z.string().max(200).optional() })
  .nullish();

/**
 * What supabase-js adds to the auth calls (/auth/v1). Declared so that they are accepted; they are
 * ignored, as docs/rest-v1.md says: no captcha runs here, PKCE is not offered (no redirects), and
 * user metadata is not stored.
 */
const goTrueClientFields = {
  gotrue_meta_security: z.strictObject({ captcha_token: z.string().max(4096).nullish() }).nullish(),
  code_challenge: z.string().max(256).nullish(),
  code_challenge_method: z.string().max(16).nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
};

export const goTrueSignInBodySchema = signInBodySchema.extend({
  gotrue_meta_security: goTrueClientFields.gotrue_meta_security,
});

export const goTrueSignUpBodySchema = signUpBodySchema.extend(goTrueClientFields);

export const goTrueGrantQuerySchema = z.strictObject({
  grant_type: z.enum(['password', 'refresh_token'], {
    error: 'grant_type must be password or refresh_token',
  }),
});

export const confirmEmailQuerySchema = z.strictObject({ token: z.string().min(1).max(200) });

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
