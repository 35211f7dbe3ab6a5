import { ERRORS, type ErrorCode } from '@couple/protocol';

/**
 * An error the client caused or may see, thrown by services, limits and routes alike: every
 * transport answers it as { error, code } with the code's status (http/errors.ts classifies
 * it). It lives above the transports so that no service imports from http/.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Fields the answer carries beside { error, code } (a route's own failure shape). */
  readonly extra: Record<string, unknown>;

  /** Seconds after which a retry may succeed (sent as retry-after). */
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { text?: string; extra?: Record<string, unknown>; retryAfter?: number } = {},
  ) {
    super(options.text ?? ERRORS[code].text);
    this.statusCode = ERRORS[code].status;
    this.extra = options.extra ?? {};
    this.retryAfter = options.retryAfter;
  }
}
