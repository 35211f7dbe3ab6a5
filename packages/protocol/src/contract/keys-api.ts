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
import { SEALED_PAYLOAD_MAX } from '../constants.js';
import type { RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/**
 * A device link's seal is padded to SEALED_PAYLOAD_MAX characters (docs/security.md, "Device
 * linking"): more than BODY_LIMIT_BYTES, so its route takes that and room for the JSON around it,
 * and a longer seal is refused by its schema (400), not by the body limit (413).
 */
const APPROVE_BODY_BYTES = SEALED_PAYLOAD_MAX + 1_024;

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
    bodyLimitBytes: APPROVE_BODY_BYTES,
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
