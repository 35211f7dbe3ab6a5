import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERRORS,
  i18nFor,
  SOURCE_LOCALE,
  translate,
  type ApiErrorBody,
  RETRY_AFTER_SECONDS,
  type ErrorCode,
} from '@couple/protocol';
import { requestLocale } from './request-locale.js';
import { isDatabaseUnavailable, isSerializationConflict } from '../db/errors.js';
import { HttpError } from '../errors.js';

export interface ClassifiedError {
  status: number;
  body: ApiErrorBody & Record<string, unknown>;
  /** Set when the client should retry after this many seconds. */
  retryAfter?: number;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_input',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
};

function fromCode(code: ErrorCode, text?: string): ClassifiedError {
  return { status: ERRORS[code].status, body: { error: text ?? ERRORS[code].text, code } };
}

/**
 * The one classifier of failures, for HTTP, the live channel and the adapters: our HttpErrors
 * keep their code; Fastify's own 4xx, conflicts and outages get theirs; anything else is an
 * internal error, logged with its stack and never described to the client.
 */
export function classifyError(error: unknown, log: FastifyBaseLogger): ClassifiedError {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { ...error.extra, error: error.message, code: error.code },
      ...(error.retryAfter !== undefined && { retryAfter: error.retryAfter }),
    };
  }
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  const known = typeof code === 'string' ? FASTIFY_CODES[code] : undefined;
  if (known) return fromCode(known);
  if (statusCode === 429) return fromCode('rate_limited');
  if (statusCode === 413) return fromCode('body_too_large');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Another of Fastify's own 4xx: its message is safe to show.
    const message = (error as Error).message;
    return {
      status: statusCode,
      body: { error: message || ERRORS.invalid_input.text, code: 'invalid_input' },
    };
  }
  if (isSerializationConflict(error)) return fromCode('conflict_retry');
  if (isDatabaseUnavailable(error)) {
    log.warn({ code }, 'database unavailable');
    return { ...fromCode('service_unavailable'), retryAfter: RETRY_AFTER_SECONDS };
  }
  log.error({ err: error }, 'unhandled error');
  return fromCode('internal');
}

/**
 * The `error` text in the language the request's Accept-Language names, when it names a shipped
 * one and the text is a catalog message (its id is its English text); Content-Language then says
 * which. A text that carries a detail (a field's name, a value) is no message id and stays as it
 * is; so does every text of a request that names no shipped language. `code` never changes:
 * clients decide by it.
 */
function localizeErrorBody<B extends { error: string }>(
  body: B,
  request: FastifyRequest,
  reply: FastifyReply,
): B {
  const locale = requestLocale(request.headers['accept-language']);
  if (locale === SOURCE_LOCALE) return body;
  if (!(body.error in i18nFor(SOURCE_LOCALE).messages)) return body;
  void reply.header('content-language', locale);
  return { ...body, error: translate(locale, body.error) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const { status, body } = fromCode('not_found');
    void reply.code(status).send(localizeErrorBody(body, request, reply));
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body, retryAfter } = classifyError(error, request.log);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    return reply.code(status).send(localizeErrorBody(body, request, reply));
  });
}
