import type { FastifyError, FastifyInstance } from 'fastify';
import { PASSWORD_MIN, SERVER_TEXTS, TEXTS } from '@couple/protocol';
import { HttpError } from '../errors.js';
import { PostgrestError } from './postgrest.js';

const SQLSTATE = /^[0-9A-Z]{5}$/;

function sqlStatus(code: string): number {
  if (code === '23505') return 409;
  if (code === '42501') return 403;
  if (code.startsWith('22') || code.startsWith('23')) return 400;
  return 0;
}

/** Our services' HttpErrors and SQL errors, in PostgREST's shape; undefined for true faults. */
export function toPostgrestError(error: unknown): PostgrestError | undefined {
  if (error instanceof PostgrestError) return error;
  if (error instanceof HttpError) {
    if (error.code === 'username_taken') {
      return new PostgrestError(
        409,
        '23505',
        'duplicate key value violates unique constraint "profiles_username_key"',
        'Key (username) already exists.',
      );
    }
    const code =
      error.statusCode === 403 ? '42501' : error.statusCode === 401 ? 'PGRST301' : 'P0001';
    return new PostgrestError(error.statusCode, code, error.message);
  }
  const { code, message, statusCode } = error as {
    code?: unknown;
    message?: string;
    statusCode?: number;
  };
  if (typeof code === 'string' && SQLSTATE.test(code) && sqlStatus(code)) {
    return new PostgrestError(sqlStatus(code), code, message ?? 'Invalid input');
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return new PostgrestError(statusCode, 'PGRST102', message ?? SERVER_TEXTS.invalidBody);
  }
  return undefined;
}

export interface GoTrueErrorBody {
  code: string;
  msg: string;
  error: string;
  error_description: string;
  weak_password?: { reasons: string[] };
}

export class GoTrueError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly grantError = code,
    readonly extra: Partial<GoTrueErrorBody> = {},
  ) {
    super(message);
  }

  toJSON(): GoTrueErrorBody {
    return {
      code: this.code,
      msg: this.message,
      error: this.grantError,
      error_description: this.message,
      ...this.extra,
    };
  }
}

/** Our auth services' errors, in the auth family's shape (error, error_description, msg, code). */
export function toGoTrueError(error: unknown): GoTrueError | undefined {
  if (error instanceof GoTrueError) return error;
  if (!(error instanceof HttpError)) {
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return new GoTrueError(429, 'over_request_rate_limit', SERVER_TEXTS.tooManyRequests);
    }
    return status && status >= 400 && status < 500
      ? new GoTrueError(status, 'bad_json', (error as Error).message)
      : undefined;
  }
  switch (error.code) {
    case 'invalid_credentials':
      return new GoTrueError(
        400,
        'invalid_credentials',
        'Invalid login credentials',
        'invalid_grant',
      );
    case 'invalid_refresh_token':
      return new GoTrueError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
        'invalid_grant',
      );
    case 'email_not_confirmed':
      return new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed', 'invalid_grant');
    case 'email_taken':
      return new GoTrueError(422, 'user_already_exists', 'User already registered');
    case 'weak_password':
      return new GoTrueError(
        422,
        'weak_password',
        `Password should be at least ${PASSWORD_MIN} characters.`,
        'weak_password',
        {
          weak_password: { reasons: ['length'] },
        },
      );
    case 'session_missing':
    case 'unauthorized':
      return new GoTrueError(401, 'session_missing', TEXTS.authSessionMissing);
    case 'rate_limited':
      return new GoTrueError(429, 'over_request_rate_limit', error.message);
    case 'reset_emails_limited':
      return new GoTrueError(429, 'over_email_send_rate_limit', error.message);
    default:
      return new GoTrueError(error.statusCode, 'validation_failed', error.message);
  }
}

/** Scoped to one plugin: errors leave in that family's shape, true faults go to the app's handler. */
export function useErrorShape(
  app: FastifyInstance,
  map: (error: unknown) => { statusCode: number; toJSON(): object } | undefined,
): void {
  const fallback = app.errorHandler;
  app.setErrorHandler((error, request, reply) => {
    const shaped = map(error);
    // A shed request (server_busy) says when to come back, in every family's shape.
    if (error instanceof HttpError && error.retryAfter !== undefined) {
      void reply.header('retry-after', String(error.retryAfter));
    }
    // Fastify serialises Error objects its own way; send the family's body instead.
    if (shaped) return reply.code(shaped.statusCode).send(shaped.toJSON());
    return fallback.call(app, error, request, reply);
  });
}
