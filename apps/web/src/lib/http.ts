import { API_BASE } from './api-base.js';
import { apiErrorOf } from './api-errors.js';
import { getSession, refreshSession } from './session.js';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

function url(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
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

async function send(method: string, path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (requestLanguage) headers['accept-language'] = requestLanguage;
  return fetch(url(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
}

/** JSON over fetch with the bearer token; a 401 refreshes the session once and retries. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const auth = options.auth ?? true;
  const token = auth ? (getSession()?.access_token ?? null) : null;
  let response = await send(method, path, options, token);
  if (response.status === 401 && token) {
    const fresh = await refreshSession().catch(() => null);
    if (fresh) response = await send(method, path, options, fresh.access_token);
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.text());
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
