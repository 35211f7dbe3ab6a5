import {
  approveLinkRequestBodySchema,
  approvedLinkRequestSchema,
  createLinkRequestBodySchema,
  createdLinkRequestSchema,
  identityKeysSchema,
  keyHistorySchema,
  keyInfoSchema,
  linkRequestIdParamsSchema,
  linkRequestSchema,
  linkStepTakenSchema,
  pendingLinkRequestsSchema,
  publishIdentityKeyBodySchema,
  respondLinkRequestBodySchema,
  revealLinkRequestBodySchema,
} from '../schemas/keys.js';
import type { RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The identity keys, their history, and linking another device (see ./api.ts). */
export const KEYS_CONTRACT = {
  getIdentityKeys: { status: 200, answer: identityKeysSchema, errors: [] },
  getKeyHistory: { status: 200, answer: keyHistorySchema, errors: [] },
  listLinkRequests: { status: 200, answer: pendingLinkRequestsSchema, errors: [] },
  publishIdentityKey: {
    body: publishIdentityKeyBodySchema,
    status: 200,
    answer: keyInfoSchema,
    errors: ['key_id_mismatch', 'rotation_signature_invalid', 'predecessor_signature_invalid'],
  },
  createLinkRequest: {
    body: createLinkRequestBodySchema,
    status: 201,
    answer: createdLinkRequestSchema,
    errors: [],
    rateLimit: 'pairing',
  },
  getLinkRequest: {
    params: linkRequestIdParamsSchema,
    status: 200,
    answer: linkRequestSchema,
    errors: ['link_request_not_found', 'link_request_expired'],
  },
  respondLinkRequest: {
    params: linkRequestIdParamsSchema,
    body: respondLinkRequestBodySchema,
    status: 200,
    answer: linkStepTakenSchema,
    errors: ['link_request_not_found', 'link_request_expired', 'link_step_out_of_order'],
  },
  revealLinkRequest: {
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
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
