import type { ApiAnswer, ApiBody, ApiParams, ApiQuery, ApiRouteName } from '@couple/protocol';
import { API_ROUTES, RETRY_AFTER_SECONDS, routePath } from '@couple/protocol/browser';
import { API_BASE } from './api-base.js';
import { apiErrorOf } from './api-errors.js';
import { waitOutBusy } from './busy.js';
import { BUSY_RETRIES, BUSY_RETRY_MAX_SECONDS } from './constants.js';

/*
 * The request core shared by the page's client (lib/api.ts, which adds the session) and the
 * service worker's Background Sync (features/outbox/worker-sync.ts): no session, no window, no
 * DOM, so tsconfig.sw.json builds it.
 */

export type QueryOf<N extends ApiRouteName> = {
  [K in keyof NonNullable<ApiQuery<N>>]?: string | number | boolean;
};

export interface CallOptions<N extends ApiRouteName> {
  body?: ApiBody<N>;
  query?: QueryOf<N>;
  params?: ApiParams<N> & Record<string, string>;
}

/**
 * The app's language, sent as Accept-Language so that the server's error texts (and the e-mails a
 * request triggers) are in it rather than in the browser's. Set by lib/i18n.ts; the service
 * worker, which has no language of its own, leaves the browser's header.
 */
let requestLanguage: string | null = null;
export function setRequestLanguage(locale: string): void {
  requestLanguage = locale;
}

function urlOf<N extends ApiRouteName>(name: N, options: CallOptions<N>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${routePath(name, options.params)}${query ? `?${query}` : ''}`;
}

/** A refusal of an overloaded server: made before anything was done, so the same call is safe again. */
async function isBusy(response: Response): Promise<boolean> {
  if (response.status !== 503) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && 'code' in body && body.code === 'server_busy';
}

/**
 * Its Retry-After (the server's usual RETRY_AFTER_SECONDS when missing, at most
 * BUSY_RETRY_MAX_SECONDS), spread by up to half.
 */
function busyWaitMs(response: Response): number {
  const asked = Number(response.headers.get('retry-after'));
  const seconds = asked > 0 ? Math.min(asked, BUSY_RETRY_MAX_SECONDS) : RETRY_AFTER_SECONDS;
  // Every client refused in one moment must not all come back in the same next one.
  return seconds * 1000 * (1 + Math.random() / 2);
}

/**
 * One route of the contract sent with `token` as bearer (none for null); the answer unread. A
 * `server_busy` refusal is sent again after its Retry-After, up to BUSY_RETRIES times.
 */
export async function fetchRoute<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N>,
  token: string | null,
): Promise<Response> {
  for (let retries = 0; ; retries += 1) {
    const response = await fetchOnce(name, options, token);
    if (retries === BUSY_RETRIES || !(await isBusy(response))) return response;
    await waitOutBusy(busyWaitMs(response));
  }
}

function fetchOnce<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (requestLanguage) headers['accept-language'] = requestLanguage;
  return fetch(urlOf(name, options), {
    method: API_ROUTES[name].method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
  });
}

/** A route's answer: its JSON body, nothing for a 204, or the ApiError of a failure. */
export async function readAnswer<N extends ApiRouteName>(
  response: Response,
): Promise<ApiAnswer<N>> {
  if (!response.ok) throw apiErrorOf(response.status, await response.text());
  if (response.status === 204) return undefined as ApiAnswer<N>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as ApiAnswer<N>;
}

/** One route of the contract with a token the caller holds (the service worker's saved one). */
export async function callWithToken<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N>,
  token: string | null,
): Promise<ApiAnswer<N>> {
  return readAnswer<N>(await fetchRoute(name, options, token));
}
