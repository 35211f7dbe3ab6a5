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

/** The ApiError of a failed response: its text as apiErrorText says, and its code if any. */
export function apiErrorOf(status: number, rawBody: string): ApiError {
  let code: ErrorCode | null = null;
  try {
    const body: unknown = JSON.parse(rawBody);
    if (typeof body === 'object' && body !== null && 'code' in body && isErrorCode(body.code)) {
      code = body.code;
    }
  } catch {
    // Not JSON: no code, and apiErrorText gives the status text.
  }
  return new ApiError(status, apiErrorText(status, rawBody), code);
}

/**
 * SPEC §8: the body's error text, else 'Request failed' (a JSON body without one), else
 * 'Request failed with status {n}' (no JSON at all).
 */
export function apiErrorText(status: number, rawBody: string): string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return TEXTS.requestFailedWithStatus(status);
  }
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return TEXTS.requestFailed;
}

/** The text to show a person for any failure, with a fallback for non-API errors. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
