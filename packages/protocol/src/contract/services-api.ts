import { z } from 'zod';
import { debugLogBodySchema, debugLogsQuerySchema } from '../schemas/debug.js';
import { pushSubscriptionSchema, pushWebhookBodySchema } from '../schemas/push.js';
import { none, type RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The routes of Web Push, the Farcaster webhook and the debug log (see ./api.ts). */
export const SERVICES_CONTRACT = {
  getPushPublicKey: {
    status: 200,
    answer: z.object({ publicKey: z.string() }),
    errors: [],
  },
  savePushSubscription: {
    body: pushSubscriptionSchema,
    status: 200,
    answer: z.object({ success: z.literal(true) }),
    errors: [],
  },
  deletePushSubscription: { status: 204, answer: none, errors: [] },
  sendPushWebhook: {
    body: pushWebhookBodySchema,
    status: 200,
    answer: z.object({ success: z.literal(true), delivered: z.number().int() }),
    errors: [
      'push_webhook_not_configured',
      'webhook_secret_invalid',
      'webhook_token_invalid',
      'push_subscription_missing',
      'push_subscription_gone',
      'push_failed',
    ],
  },

  /** What the mini-app needs from the server's configuration at run time. */
  getFarcasterClientConfig: {
    status: 200,
    answer: z.object({ quickAuthOrigin: z.string() }),
    errors: [],
  },
  receiveFarcasterWebhook: {
    status: 200,
    answer: z.object({
      success: z.literal(true),
      outcome: z.enum(['stored', 'disabled', 'ignored']),
    }),
    errors: [
      'farcaster_event_invalid',
      'farcaster_signature_invalid',
      'farcaster_app_key_invalid',
      'farcaster_app_key_unavailable',
      'notification_url_invalid',
      'notification_token_taken',
    ],
  },

  logClientError: {
    body: debugLogBodySchema,
    status: 201,
    answer: z.object({ success: z.literal(true), error: z.null() }),
    errors: [],
    rateLimit: 'clientErrors',
  },
  listDebugLogs: {
    query: debugLogsQuerySchema,
    status: 200,
    answer: z.object({
      logs: z.array(
        z.object({
          function_name: z.string(),
          input_params: z.unknown(),
          error_message: z.string().nullable(),
          execution_time_ms: z.number().int().nullable(),
          created_at: z.string(),
        }),
      ),
    }),
    errors: [],
  },
  getMessageAccess: {
    status: 200,
    answer: z.record(z.string(), z.unknown()),
    errors: [],
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
