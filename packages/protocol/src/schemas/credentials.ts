import { z } from 'zod';
import { PASSWORD_MAX } from '../constants.js';
import { emailSchema, passwordSchema, signUpBodySchema } from './auth.js';

/** A token of a mailed link (password reset, e-mail change): opaque, base64url. */
export const linkTokenSchema = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(200, 'token is too long');

export const requestPasswordResetBodySchema = z.strictObject({ email: emailSchema });

export const resetPasswordBodySchema = z.strictObject({
  token: linkTokenSchema,
  password: passwordSchema,
});

const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX);

export const changePasswordBodySchema = z.strictObject({
  current_password: currentPasswordSchema,
  password: passwordSchema,
});

/** The new address obeys sign-up's rule (never the Farcaster host). */
export const requestEmailChangeBodySchema = z.strictObject({
  email: signUpBodySchema.shape.email,
  current_password: currentPasswordSchema,
});

export const confirmEmailChangeQuerySchema = z.strictObject({ token: linkTokenSchema });

/**
 * /auth/v1: what supabase-js sends. `recover` is resetPasswordForEmail; `verify` (POST) is
 * verifyOtp with a token_hash; `user` (PUT) is updateUser. Captcha and PKCE fields are accepted
 * and ignored, as on the other /auth/v1 calls.
 */
const goTrueIgnored = {
  gotrue_meta_security: z.strictObject({ captcha_token: z.string().max(4096).nullish() }).nullish(),
  code_challenge: z.string().max(256).nullish(),
  code_challenge_method: z.string().max(16).nullish(),
};

export const goTrueRecoverBodySchema = z.strictObject({ email: emailSchema, ...goTrueIgnored });

export const goTrueVerifyBodySchema = z.strictObject({
  type: z.literal('recovery', { error: 'type must be recovery' }),
  token_hash: linkTokenSchema,
  gotrue_meta_security: goTrueIgnored.gotrue_meta_security,
});

export const goTrueVerifyQuerySchema = z.strictObject({
  type: z.literal('recovery', { error: 'type must be recovery' }),
  token: linkTokenSchema,
  redirect_to: z.string().max(2048).optional(),
  apikey: z.string().max(512).optional(),
});

export const goTrueUpdateUserBodySchema = z.strictObject({
  email: signUpBodySchema.shape.email.optional(),
  password: passwordSchema.optional(),
  current_password: z.string().max(PASSWORD_MAX).optional(),
  nonce: z.string().max(256).optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: goTrueIgnored.code_challenge,
  code_challenge_method: goTrueIgnored.code_challenge_method,
});
