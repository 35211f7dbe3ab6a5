import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import type { RouteAccess } from './routes.js';

export type { RouteAccess };
/** The per-minute budgets of docs/api.md, by name (the numbers are configuration). */
export type RateLimitName = 'auth' | 'refresh' | 'pairing' | 'clientErrors';

/** A route as the server registers it: its access from API_ROUTES, the rest from its area. */
export interface RouteContract extends RouteSchemas {
  access: RouteAccess;
}

/** What an area file (./<area>-api.ts) declares of a route: everything but its access. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status; a handler may still answer another 2xx (an idempotent repeat). */
  status: 200 | 201 | 204 | 303;
  /** The success body; z.undefined() for none. */
  answer: z.ZodType;
  /** The route's own refusals, beyond the conventions every route shares (docs/api.md#errors). */
  errors: readonly ErrorCode[];
  rateLimit?: RateLimitName;
  /** Body bytes the route takes when more than BODY_LIMIT_BYTES (sealed rounds, link seals). */
  bodyLimitBytes?: number;
  /** Fields every failure of this route carries beside { error, code } (the spec's RPC shape). */
  failureFields?: Readonly<Record<string, unknown>>;
}

/** A success without a body (204, a redirect). */
export const none = z.undefined();
/** A route that reads no body: nothing, null or {}. */
export const noBody = z.strictObject({}).nullish();
