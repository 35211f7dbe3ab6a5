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
import {
  listMessagesQuerySchema,
  markedReadSchema,
  messageIdParamsSchema,
  messageSchema,
  messagesListSchema,
  sendDesireSchema,
  unreadCountSchema,
} from '../schemas/messages.js';
import { answerBodySchema, desireAnswerSchema } from '../schemas/answers.js';
import {
  quietHoursAnswerSchema,
  quietHoursBodySchema,
  quietWindowSchema,
} from '../schemas/quiet-hours.js';
import {
  connectBodySchema,
  generateCodeResultSchema,
  partnerStatusResponseSchema,
  rpcResultSchema,
} from '../schemas/partner.js';
import {
  profileSchema,
  partnerSummarySchema,
  statsSchema,
  updateProfileBodySchema,
  setLocaleBodySchema,
} from '../schemas/profile.js';
import {
  approveLinkRequestBodySchema,
  approvedLinkRequestSchema,
  createLinkRequestBodySchema,
  createdLinkRequestSchema,
  identityKeysSchema,
  keyInfoSchema,
  keyHistorySchema,
  pendingLinkRequestsSchema,
  linkRequestIdParamsSchema,
  linkRequestSchema,
  linkStepTakenSchema,
  respondLinkRequestBodySchema,
  revealLinkRequestBodySchema,
  publishIdentityKeyBodySchema,
} from '../schemas/keys.js';
import { API_ROUTES, type ApiRouteName } from './routes.js';

import { noBody, none, type RouteContract } from './route-contract.js';
import { SERVICES_CONTRACT } from './services-api.js';
import { ACCOUNT_CONTRACT } from './account-api.js';
import { CREDENTIALS_CONTRACT } from './credentials-api.js';
import { WISHES_CONTRACT } from './wishes-api.js';

export type { RateLimitName, RouteAccess, RouteContract } from './route-contract.js';

export const API_CONTRACT = {
  health: {
    access: 'public',
    status: 200,
    answer: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
    errors: [],
  },
  ready: {
    access: 'public',
    status: 200,
    answer: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
    errors: ['service_unavailable', 'server_busy'],
  },

  signUp: {
    access: 'public',
    body: signUpBodySchema,
    status: 201,
    answer: signUpResponseSchema,
    errors: ['email_taken', 'username_taken', 'weak_password'],
    rateLimit: 'auth',
  },
  signIn: {
    access: 'public',
    body: signInBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_credentials', 'email_not_confirmed', 'sign_in_slowed'],
    rateLimit: 'auth',
  },
  refreshSession: {
    access: 'public',
    body: refreshBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['invalid_refresh_token'],
    rateLimit: 'refresh',
  },
  signOut: { access: 'public', body: logoutBodySchema, status: 204, answer: none, errors: [] },
  getCurrentUser: {
    access: 'user',
    status: 200,
    answer: z.object({ user: authUserSchema, profile: profileSchema }),
    errors: ['profile_not_found'],
  },
  confirmEmail: {
    access: 'public',
    query: confirmEmailQuerySchema,
    status: 303,
    answer: none,
    errors: ['invalid_confirmation'],
    rateLimit: 'auth',
  },
  signInWithFarcaster: {
    access: 'public',
    body: farcasterSignInBodySchema,
    status: 200,
    answer: sessionSchema,
    errors: ['authentication_failed', 'email_taken', 'service_unavailable'],
    rateLimit: 'auth',
  },

  getProfile: { access: 'user', status: 200, answer: profileSchema, errors: ['profile_not_found'] },
  updateProfile: {
    access: 'user',
    body: updateProfileBodySchema,
    status: 200,
    answer: profileSchema,
    errors: ['username_taken', 'username_update_failed'],
  },
  getProfileStats: { access: 'user', status: 200, answer: statsSchema, errors: [] },

  getPartnerStatus: {
    access: 'user',
    status: 200,
    answer: partnerStatusResponseSchema,
    errors: [],
  },
  generatePairingCode: {
    access: 'user',
    body: noBody,
    status: 200,
    answer: generateCodeResultSchema,
    errors: ['already_paired', 'profile_not_found'],
    rateLimit: 'pairing',
    failureFields: { success: false, expires_at: null },
  },
  connectWithPairingCode: {
    access: 'user',
    body: connectBodySchema,
    status: 200,
    answer: rpcResultSchema.extend({ partner: partnerSummarySchema }),
    errors: [
      'pairing_code_invalid',
      'pairing_code_own',
      'pairing_code_used',
      'pairing_code_expired',
      'already_paired',
      'code_owner_paired',
    ],
    rateLimit: 'pairing',
    failureFields: { success: false },
  },
  disconnectFromPartner: {
    access: 'user',
    body: noBody,
    status: 200,
    answer: rpcResultSchema,
    errors: ['no_partner_connection'],
    failureFields: { success: false, message: null },
  },

  listReceivedMessages: {
    access: 'user',
    query: listMessagesQuerySchema,
    status: 200,
    answer: messagesListSchema,
    errors: [],
  },
  listSentMessages: {
    access: 'user',
    query: listMessagesQuerySchema,
    status: 200,
    answer: messagesListSchema,
    errors: [],
  },
  getUnreadCount: { access: 'user', status: 200, answer: unreadCountSchema, errors: [] },
  markAllMessagesRead: {
    access: 'user',
    body: noBody,
    status: 200,
    answer: markedReadSchema,
    errors: [],
  },
  markMessageRead: {
    access: 'user',
    params: messageIdParamsSchema,
    body: noBody,
    status: 200,
    answer: markedReadSchema,
    errors: ['message_not_found'],
  },
  getQuietHours: { access: 'user', status: 200, answer: quietHoursAnswerSchema, errors: [] },
  setQuietHours: {
    access: 'user',
    body: quietHoursBodySchema,
    status: 200,
    answer: quietWindowSchema,
    errors: [],
  },
  clearQuietHours: { access: 'user', status: 204, answer: none, errors: [] },
  setLocale: {
    access: 'user',
    body: setLocaleBodySchema,
    status: 200,
    answer: setLocaleBodySchema,
    errors: ['profile_not_found'],
  },
  answerDesire: {
    access: 'user',
    params: messageIdParamsSchema,
    body: answerBodySchema,
    status: 200,
    answer: desireAnswerSchema,
    errors: [
      'message_not_found',
      'no_partner_connection',
      'encryption_upgrade_required',
      'partner_key_changed',
      'desire_rate_limited',
    ],
  },
  sendDesire: {
    access: 'user',
    body: sendDesireSchema,
    status: 201,
    answer: z.object({ message: messageSchema }),
    errors: [
      'no_connected_partner',
      'not_partner',
      'message_id_taken',
      'encryption_upgrade_required',
      'partner_key_changed',
      'desire_rate_limited',
    ],
  },

  getIdentityKeys: { access: 'user', status: 200, answer: identityKeysSchema, errors: [] },
  getKeyHistory: { access: 'user', status: 200, answer: keyHistorySchema, errors: [] },
  listLinkRequests: { access: 'user', status: 200, answer: pendingLinkRequestsSchema, errors: [] },
  publishIdentityKey: {
    access: 'user',
    body: publishIdentityKeyBodySchema,
    status: 200,
    answer: keyInfoSchema,
    errors: ['key_id_mismatch', 'rotation_signature_invalid'],
  },
  createLinkRequest: {
    access: 'user',
    body: createLinkRequestBodySchema,
    status: 201,
    answer: createdLinkRequestSchema,
    errors: [],
    rateLimit: 'pairing',
  },
  getLinkRequest: {
    access: 'user',
    params: linkRequestIdParamsSchema,
    status: 200,
    answer: linkRequestSchema,
    errors: ['link_request_not_found', 'link_request_expired'],
  },
  respondLinkRequest: {
    access: 'user',
    params: linkRequestIdParamsSchema,
    body: respondLinkRequestBodySchema,
    status: 200,
    answer: linkStepTakenSchema,
    errors: ['link_request_not_found', 'link_request_expired', 'link_step_out_of_order'],
  },
  revealLinkRequest: {
    access: 'user',
    params: linkRequestIdParamsSchema,
    body: revealLinkRequestBodySchema,
    status: 200,
    answer: linkStepTakenSchema,
    errors: [
      'link_request_not_found',
      'link_request_expired',
      'link_step_out_of_order',
      'link_commitment_mismatch',
    ],
  },
  approveLinkRequest: {
    access: 'user',
    params: linkRequestIdParamsSchema,
    body: approveLinkRequestBodySchema,
    status: 200,
    answer: approvedLinkRequestSchema,
    errors: [
      'link_request_not_found',
      'link_request_expired',
      'link_request_approved',
      'link_step_out_of_order',
      'no_identity_key',
    ],
  },

  ...SERVICES_CONTRACT,
  ...ACCOUNT_CONTRACT,
  ...CREDENTIALS_CONTRACT,
  ...WISHES_CONTRACT,
} as const satisfies Record<ApiRouteName, RouteContract>;

type Contract = typeof API_CONTRACT;
type Field<N extends ApiRouteName, K extends 'params' | 'query' | 'body'> = Contract[N] extends {
  [key in K]: z.ZodType;
}
  ? Contract[N][K]
  : undefined;

type Input<N extends ApiRouteName, K extends 'params' | 'query' | 'body'> =
  Field<N, K> extends z.ZodType ? z.input<Field<N, K>> : undefined;
type Parsed<N extends ApiRouteName, K extends 'params' | 'query' | 'body'> =
  Field<N, K> extends z.ZodType ? z.output<Field<N, K>> : undefined;

/** What a client sends: the schemas' input types (before normalisation). */
export type ApiBody<N extends ApiRouteName> = Input<N, 'body'>;
export type ApiQuery<N extends ApiRouteName> = Input<N, 'query'>;
export type ApiParams<N extends ApiRouteName> = Input<N, 'params'>;
/** What the server receives after parsing: the schemas' output types. */
export type ApiParsedBody<N extends ApiRouteName> = Parsed<N, 'body'>;
export type ApiParsedQuery<N extends ApiRouteName> = Parsed<N, 'query'>;
export type ApiParsedParams<N extends ApiRouteName> = Parsed<N, 'params'>;
export type ApiAnswer<N extends ApiRouteName> = z.output<Contract[N]['answer']>;

export { API_ROUTES };
