import type { ApiAnswer, ApiBody, ApiRouteName } from '@couple/protocol';
import { API_ROUTES, DEBUG_ERROR_MESSAGE_MAX } from '@couple/protocol/browser';
import { fetchRoute, readAnswer, type CallOptions } from './api-core.js';
import type { ClientErrorEntry } from './client-errors.js';
import { getSession, refreshSession } from './session.js';

/**
 * One route of the contract by its name: method and path from API_ROUTES, types from
 * API_CONTRACT. The bearer token goes only to routes whose access is `user`, as API_ROUTES states;
 * their 401 refreshes the session once and retries.
 */
export async function call<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiAnswer<N>> {
  const token = API_ROUTES[name].access === 'user' ? (getSession()?.access_token ?? null) : null;
  let response = await fetchRoute(name, options, token);
  if (response.status === 401 && token) {
    const fresh = await refreshSession().catch(() => null);
    if (fresh) response = await fetchRoute(name, options, fresh.access_token);
  }
  return readAnswer<N>(response);
}

/** A client error as logClientError's body: the message cut to what the server keeps, whole ms. */
export function debugLogBody(entry: ClientErrorEntry): ApiBody<'logClientError'> {
  return {
    function_name: entry.function_name,
    error_message: entry.error_message.slice(0, DEBUG_ERROR_MESSAGE_MAX),
    execution_time_ms:
      entry.execution_time_ms === null ? null : Math.max(0, Math.round(entry.execution_time_ms)),
  };
}
