import type { ApiAnswer, ApiBody, ApiParams, ApiQuery, ApiRouteName } from '@couple/protocol';
import { API_ROUTES, DEBUG_ERROR_MESSAGE_MAX, routePath } from '@couple/protocol/browser';
import type { ClientErrorEntry } from './client-errors.js';
import { request } from './http.js';

type QueryOf<N extends ApiRouteName> = {
  [K in keyof NonNullable<ApiQuery<N>>]?: string | number | boolean;
};

interface CallOptions<N extends ApiRouteName> {
  body?: ApiBody<N>;
  query?: QueryOf<N>;
  params?: ApiParams<N> & Record<string, string>;
}

/**
 * One route of the contract: its method and path from API_ROUTES, its types from API_CONTRACT.
 * The bearer token goes only to routes whose access is `user`, as API_ROUTES states.
 */
export function call<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiAnswer<N>> {
  return request<ApiAnswer<N>>(API_ROUTES[name].method, routePath(name, options.params), {
    body: options.body,
    query: options.query,
    auth: API_ROUTES[name].access === 'user',
  });
}

export type OutgoingDesire = ApiBody<'sendDesire'>;
export type OutgoingAnswer = ApiBody<'answerDesire'>;

/** A client error as logClientError's body: the message cut to what the server keeps, whole ms. */
export function debugLogBody(entry: ClientErrorEntry): ApiBody<'logClientError'> {
  return {
    function_name: entry.function_name,
    error_message: entry.error_message.slice(0, DEBUG_ERROR_MESSAGE_MAX),
    execution_time_ms:
      entry.execution_time_ms === null ? null : Math.max(0, Math.round(entry.execution_time_ms)),
  };
}
