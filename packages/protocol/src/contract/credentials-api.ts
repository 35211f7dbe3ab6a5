import { none, type RouteSchemas } from './route-contract.js';
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
    body: requestPasswordResetBodySchema,
    status: 204,
    answer: none,
    errors: ['reset_emails_limited'],
    rateLimit: 'auth',
  },
  resetPassword: {
    body: resetPasswordBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_reset_token', 'weak_password'],
    rateLimit: 'auth',
  },
  changePassword: {
    body: changePasswordBodySchema,
    status: 204,
    answer: none,
    errors: ['current_password_invalid', 'no_password', 'weak_password', 'sign_in_slowed'],
    rateLimit: 'auth',
  },
  requestEmailChange: {
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
    query: confirmEmailChangeQuerySchema,
    status: 303,
    answer: none,
    errors: [],
    rateLimit: 'auth',
  },
} as const satisfies Partial<Record<ApiRouteName, RouteSchemas>>;
