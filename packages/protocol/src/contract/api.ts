import type { z } from 'zod';
import { ACCOUNT_CONTRACT } from './account-api.js';
import { AUTH_CONTRACT } from './auth-api.js';
import { CREDENTIALS_CONTRACT } from './credentials-api.js';
import { HEALTH_CONTRACT } from './health-api.js';
import { KEYS_CONTRACT } from './keys-api.js';
import { MESSAGES_CONTRACT } from './messages-api.js';
import { PARTNER_CONTRACT } from './partner-api.js';
import { PROFILE_CONTRACT } from './profile-api.js';
import type { RouteContract, RouteSchemas } from './route-contract.js';
import { API_ROUTES, type ApiRouteName } from './routes.js';
import { SERVICES_CONTRACT } from './services-api.js';
import { WISHES_CONTRACT } from './wishes-api.js';

export type { RateLimitName, RouteAccess, RouteContract } from './route-contract.js';

/**
 * Every route's schemas, status, errors and limits, keyed by the names of API_ROUTES; each area
 * declares its own in ./<area>-api.ts. The `satisfies` proves no route of API_ROUTES is missing.
 */
const ROUTE_SCHEMAS = {
  ...HEALTH_CONTRACT,
  ...AUTH_CONTRACT,
  ...PROFILE_CONTRACT,
  ...PARTNER_CONTRACT,
  ...MESSAGES_CONTRACT,
  ...KEYS_CONTRACT,
  ...SERVICES_CONTRACT,
  ...ACCOUNT_CONTRACT,
  ...CREDENTIALS_CONTRACT,
  ...WISHES_CONTRACT,
} as const satisfies Record<ApiRouteName, RouteSchemas>;

type Routes = typeof API_ROUTES;
type WithAccess<S extends Record<ApiRouteName, RouteSchemas>> = {
  [N in ApiRouteName]: S[N] & { access: Routes[N]['access'] };
};

/** Each route's schemas with the access API_ROUTES states for it, the one place it is said. */
function withAccess<S extends Record<ApiRouteName, RouteSchemas>>(schemas: S): WithAccess<S> {
  const names = Object.keys(API_ROUTES) as ApiRouteName[];
  return Object.fromEntries(
    names.map((name) => [name, { ...schemas[name], access: API_ROUTES[name].access }]),
  ) as WithAccess<S>;
}

/** What the server registers: every route of API_ROUTES with its access, schemas and limits. */
export const API_CONTRACT = withAccess(ROUTE_SCHEMAS) satisfies Record<ApiRouteName, RouteContract>;

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
