import type { FastifyError, FastifyInstance } from 'fastify';
import { SERVER_TEXTS } from '@couple/protocol';

/** An error the client caused or may see: it becomes { error } with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return (
    unavailableCodes.has(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
      error.message ?? '',
    )
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: SERVER_TEXTS.notFound });
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.extra, error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: SERVER_TEXTS.bodyTooLarge });
    if (status === 429) return reply.code(429).send({ error: SERVER_TEXTS.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type): the message is safe to show.
      return reply.code(status).send({ error: error.message || SERVER_TEXTS.invalidBody });
    }
    const code = (error as { code?: string }).code;
    if (code === '40001' || code === '40P01') {
      return reply.code(409).send({ error: SERVER_TEXTS.concurrentConflict });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: SERVER_TEXTS.serviceUnavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: SERVER_TEXTS.internal });
  });
}
