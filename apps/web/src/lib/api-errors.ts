import { TEXTS } from '@couple/protocol/browser';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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
