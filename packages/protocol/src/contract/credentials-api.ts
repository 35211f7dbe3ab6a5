import { none, type RouteContract } from './route-contract.js';
import type { ApiRouteName } from './routes.js';
import { sessionSchema } from '../schemas/auth.js';
import {
  changePasswordBodySchema,
  confirmEmailChangeQuerySchema,
  requestEmailChangeBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
} from '../schemas/credentials.js';

/** Recovering and changing the credentials (see ./api.ts). */
export const CREDENTIALS_CONTRACT = {
  requestPasswordReset: {
    access: 'public',
    body: requestPasswordResetBodySchema,
    status: 204,
    answer: none,
    errors: ['reset_emails_limited'],
    rateLimit: 'auth',
  },
  resetPassword: {
    access: 'public',
    body: resetPasswordBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_reset_token', 'weak_password'],
    rateLimit: 'auth',
  },
  changePassword: {
    access: 'user',
    body: changePasswordBodySchema,
    status: 204,
    answer: none,
    errors: ['current_password_invalid', 'no_password', 'weak_password', 'sign_in_slowed'],
    rateLimit: 'auth',
  },
  requestEmailChange: {
    access: 'user',
    body: requestEmailChangeBodySchema,
    status: 204,
    answer: none,
    errors: [
      'current_password_invalid',
      'no_password',
      'email_taken',
      'email_unchanged',
      'sign_in_slowed',
    ],
    rateLimit: 'auth',
  },
  confirmEmailChange: {
    access: 'public',
    query: confirmEmailChangeQuerySchema,
    status: 303,
    answer: none,
    errors: [],
    rateLimit: 'auth',
  },
} as const satisfies Partial<Record<ApiRouteName, RouteContract>>;
