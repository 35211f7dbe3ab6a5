import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, SERVER_TEXTS } from '@couple/protocol';
import { HttpError } from '../errors.js';

/** The app's way down: first draining (optional), then closing. */
export interface WayDown {
  /** From the start of a drain or of app.close(): the readiness probe answers 503. */
  leaving(): boolean;
  /**
   * Still serving every request, but the readiness probe answers 503 and every answer closes its
   * connection: a proxy moves new work to other instances and keeps no idle connection here,
   * which app.close() would otherwise cut under a request it was just sending (a 502).
   */
  startDraining(): void;
}

/**
 * From the moment app.close() begins (its preClose hooks, before the live channel drains), every
 * request is refused with 503 `service_unavailable` in its surface's own error shape, but
 * the routes in `answeredByThemselves`: the probes, which say so in theirs. Fastify's own
 * refusal while closing (return503OnClosing) is turned off in app.ts for this.
 */
export function refuseWhileClosing(
  app: FastifyInstance,
  answeredByThemselves: readonly string[],
): WayDown {
  let draining = false;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request) => {
    if (!closing || answeredByThemselves.includes(request.routeOptions.url ?? '')) return;
    throw shuttingDown();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining || closing) void reply.header('connection', 'close');
  });
  return {
    leaving: () => draining || closing,
    startDraining: () => {
      draining = true;
    },
  };
}

/** The refusal of work that comes while the app closes: 503, to be retried (elsewhere) later. */
export function shuttingDown(): HttpError {
  return new HttpError('service_unavailable', {
    text: SERVER_TEXTS.shuttingDown,
    retryAfter: RETRY_AFTER_SECONDS,
  });
}
