import { z } from 'zod';

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

export const farcasterSignInBodySchema = z.object({
  /** The Quick Auth JWT from the mini-app host (sdk.quickAuth.getToken()). */
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(4096, 'token is too long'),
  username: farcasterUsernameSchema.nullish(),
});
export type FarcasterSignInBody = z.infer<typeof farcasterSignInBodySchema>;
