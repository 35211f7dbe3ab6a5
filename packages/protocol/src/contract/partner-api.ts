import {
  connectBodySchema,
  generateCodeResultSchema,
  partnerStatusResponseSchema,
  rpcResultSchema,
} from '../schemas/partner.js';
import { partnerSummarySchema } from '../schemas/profile.js';
import { noBody, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** Pairing with a partner by code, and ending it (see ./api.ts). */
export const PARTNER_CONTRACT = {
  getPartnerStatus: {
    status: 200,
    answer: partnerStatusResponseSchema,
    errors: [],
  },
  generatePairingCode: {
    body: noBody,
    status: 200,
    answer: generateCodeResultSchema,
    errors: ['already_paired', 'profile_not_found'],
    rateLimit: 'pairing',
    failureFields: { success: false, expires_at: null },
  },
  connectWithPairingCode: {
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
    body: noBody,
    status: 200,
    answer: rpcResultSchema,
    errors: ['no_partner_connection'],
    failureFields: { success: false, message: null },
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
