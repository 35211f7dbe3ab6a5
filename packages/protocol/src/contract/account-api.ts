import {
  accountDataSchema,
  deleteAccountBodySchema,
  sessionIdParamsSchema,
  sessionsListSchema,
  signedOutSchema,
} from '../schemas/account.js';
import { noBody, none, type RouteContract } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The routes of signed-in devices, account deletion and export (see ./api.ts). */
export const ACCOUNT_CONTRACT = {
  listSessions: { access: 'user', status: 200, answer: sessionsListSchema, errors: [] },
  signOutSession: {
    access: 'user',
    params: sessionIdParamsSchema,
    status: 204,
    answer: none,
    errors: ['session_not_found'],
  },
  signOutOtherSessions: {
    access: 'user',
    body: noBody,
    status: 200,
    answer: signedOutSchema,
    errors: [],
  },
  deleteAccount: {
    access: 'user',
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
  exportAccount: { access: 'user', status: 200, answer: accountDataSchema, errors: [] },
} as const satisfies { [N in ApiRouteName]?: RouteContract };
