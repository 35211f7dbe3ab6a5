import { ERRORS, type ErrorCode } from '@couple/protocol';
import { secretsMatch } from '../http/secrets.js';
import type { AppMetrics } from './registry.js';

export const METRICS_PATH = '/metrics';

export interface ScrapeRequest {
  /** The path with its query string, as the request line has it. */
  url: string;
  authorization: string | undefined;
}

export interface ScrapeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function errorAnswer(code: ErrorCode, text?: string): ScrapeAnswer {
  const { status, text: defaultText } = ERRORS[code];
  const body = JSON.stringify({ error: text ?? defaultText, code });
  const headers: Record<string, string> = { 'content-type': JSON_TYPE };
  if (code === 'unauthorized') headers['www-authenticate'] = 'Bearer';
  return { status, headers, body };
}

/** The bearer token of an Authorization header, if it has one. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * GET /metrics, on the main port or the metrics port: with a token configured, only a caller
 * presenting it (compared in constant time) is answered; no query string is taken.
 */
export async function answerScrape(
  metrics: AppMetrics,
  token: string | undefined,
  request: ScrapeRequest,
): Promise<ScrapeAnswer> {
  if (token !== undefined) {
    const given = bearerToken(request.authorization);
    if (given === undefined || !secretsMatch(given, token)) return errorAnswer('unauthorized');
  }
  if (request.url.includes('?')) {
    return errorAnswer('invalid_input', `${METRICS_PATH} takes no query string`);
  }
  const body = await metrics.registry.metrics();
  return { status: 200, headers: { 'content-type': metrics.registry.contentType }, body };
}
