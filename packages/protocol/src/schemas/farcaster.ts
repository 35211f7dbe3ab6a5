import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { TEXTS } from '../texts.js';

/** Mini-app notification limits of SPEC §9. */
export const MINI_APP_NOTIFICATION_LIMITS = {
  title: 32,
  body: 128,
  notificationId: 128,
  tokensPerRequest: 100,
} as const;

/** The platform name notification tokens of the Farcaster mini-app are stored under (SPEC §3). */
export const FARCASTER_PLATFORM = 'farcaster';

/**
 * A Farcaster name (fname, e.g. "alice") or an ENS-style name (e.g. "alice.eth"); only ever
 * displayed, never trusted: the fid comes from the verified Quick Auth token.
 */
export const farcasterUsernameSchema = z
  .string({ error: 'Invalid Farcaster username' })
  .trim()
  .toLowerCase()
  .min(1, 'Invalid Farcaster username')
  .max(100, 'Invalid Farcaster username')
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Invalid Farcaster username');

export const farcasterSignInBodySchema = z.strictObject({
  /** The Quick Auth JWT from the mini-app host (sdk.quickAuth.getToken()). */
  // No token is no identity: an authentication failure like a bad token, not a malformed body.
  token: z
    .string({ error: 'token must be a string' })
    .max(4096, 'token is too long')
    .optional()
    .refine((token) => token !== undefined && token !== '', {
      error: TEXTS.authenticationFailed,
      params: { code: 'authentication_failed' satisfies ErrorCode },
    })
    .transform((token) => token ?? ''),
  username: farcasterUsernameSchema.nullish(),
});
export type FarcasterSignInBody = z.infer<typeof farcasterSignInBodySchema>;
