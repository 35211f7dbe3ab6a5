import {
  accountDataSchema,
  deleteAccountBodySchema,
  sessionIdParamsSchema,
  sessionsListSchema,
  signedOutSchema,
} from '../schemas/account.js';
import { noBody, none, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The routes of signed-in devices, account deletion and export (see ./api.ts). */
export const ACCOUNT_CONTRACT = {
  listSessions: { status: 200, answer: sessionsListSchema, errors: [] },
  signOutSession: {
    params: sessionIdParamsSchema,
    status: 204,
    answer: none,
    errors: ['session_not_found'],
  },
  signOutOtherSessions: {
    body: noBody,
    status: 200,
    answer: signedOutSchema,
    errors: [],
  },
  deleteAccount: {
    body: deleteAccountBodySchema,
    status: 204,
    answer: none,
    errors: [
      'reauthentication_required',
      'reauthentication_failed',
      'sign_in_slowed',
      'service_unavailable',
    ],
    rateLimit: 'auth',
  },
  exportAccount: { status: 200, answer: accountDataSchema, errors: [] },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
