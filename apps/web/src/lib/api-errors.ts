import { TEXTS, isErrorCode, type ErrorCode } from '@couple/protocol/browser';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's machine code; the web app decides by it, never by the text. */
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A response body as JSON, or the reason it is not: the one parse both readers share. */
function parseBody(rawBody: string): { json: true; body: unknown } | { json: false } {
  try {
    return { json: true, body: JSON.parse(rawBody) as unknown };
  } catch {
    return { json: false };
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function textOf(status: number, parsed: ReturnType<typeof parseBody>): string {
  if (!parsed.json) return TEXTS.requestFailedWithStatus.replace('{status}', String(status));
  const error = field(parsed.body, 'error');
  return typeof error === 'string' && error.trim() !== '' ? error : TEXTS.requestFailed;
}

/** The ApiError of a failed response: its text as apiErrorText says, and its code if any. */
export function apiErrorOf(status: number, rawBody: string): ApiError {
  const parsed = parseBody(rawBody);
  const code = parsed.json ? field(parsed.body, 'code') : undefined;
  return new ApiError(status, textOf(status, parsed), isErrorCode(code) ? code : null);
}

/**
 * SPEC §8: the body's error text, else 'Request failed' (a JSON body without one), else
 * 'Request failed with status {n}' (no JSON at all).
 */
export function apiErrorText(status: number, rawBody: string): string {
  return textOf(status, parseBody(rawBody));
}

/** The text to show a person for any failure, with a fallback for non-API errors. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
