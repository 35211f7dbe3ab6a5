import { z } from 'zod';
import {
  authUserSchema,
  confirmEmailQuerySchema,
  logoutBodySchema,
  refreshBodySchema,
  sessionSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '../schemas/auth.js';
import { farcasterSignInBodySchema } from '../schemas/farcaster.js';
import { profileSchema } from '../schemas/profile.js';
import { none, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** Signing up, in and out, and the session (see ./api.ts). */
export const AUTH_CONTRACT = {
  signUp: {
    body: signUpBodySchema,
    status: 201,
    answer: signUpResponseSchema,
    errors: ['email_taken', 'username_taken', 'weak_password'],
    rateLimit: 'auth',
  },
  signIn: {
    body: signInBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_credentials', 'email_not_confirmed', 'sign_in_slowed'],
    rateLimit: 'auth',
  },
  refreshSession: {
    body: refreshBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_refresh_token'],
    rateLimit: 'refresh',
  },
  signOut: { body: logoutBodySchema, status: 204, answer: none, errors: [] },
  getCurrentUser: {
    status: 200,
    answer: z.object({ user: authUserSchema, profile: profileSchema }),
    errors: ['profile_not_found'],
  },
  confirmEmail: {
    query: confirmEmailQuerySchema,
    status: 303,
    answer: none,
    errors: ['invalid_confirmation'],
    rateLimit: 'auth',
  },
  signInWithFarcaster: {
    body: farcasterSignInBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['authentication_failed', 'email_taken', 'service_unavailable'],
    rateLimit: 'auth',
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
