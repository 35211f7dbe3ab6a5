import { z } from 'zod';
import type { RouteSchemas } from './route-contract.js';
import type { ApiRouteName } from './routes.js';

/** The probes of a load balancer or orchestrator (see ./api.ts). */
export const HEALTH_CONTRACT = {
  health: {
    status: 200,
    answer: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
    errors: [],
  },
  ready: {
    status: 200,
    answer: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
    errors: ['service_unavailable', 'server_busy'],
  },
} as const satisfies { [N in ApiRouteName]?: RouteSchemas };
