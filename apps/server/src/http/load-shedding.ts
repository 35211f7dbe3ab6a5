import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '@couple/protocol';
import type { Config } from '../config.js';
import type { DatabaseLoad } from '../db/load.js';
import { HttpError } from '../errors.js';
import type { EventLoopLag } from './event-loop-lag.js';

/** The refusal of shed work, on every surface: nothing was done, so a retry is safe. */
export function serverBusy(): HttpError {
  return new HttpError('server_busy', { retryAfter: RETRY_AFTER_SECONDS });
}

export type Overloaded = () => boolean;

/**
 * Late windows (of the last four) that make a loop overloaded rather than stalled once: a
 * machine's pause or a start-up's compile is one late window, a backlog on the loop is most.
 */
export const LATE_WINDOWS_TO_SHED = 2;

/**
 * Whether new work would only join a backlog: more operations in flight than the database runs
 * at once and the oldest waiting for longer than LOAD_SHED_WAIT_MS, or the event loop running
 * later than LOAD_SHED_LOOP_MS again and again (PGlite's work is on it with PGLITE_THREAD=main).
 * One slow statement alone never counts (too few in flight), nor one stall of the loop; a queue
 * that grows does, and refusing until it drains keeps the wait of what is accepted near the
 * limit instead of growing to seconds.
 */
export function overloadCheck(load: DatabaseLoad, lag: EventLoopLag, config: Config): Overloaded {
  return () =>
    lag.lateWindows(config.LOAD_SHED_LOOP_MS) >= LATE_WINDOWS_TO_SHED ||
    (load.pending() > config.LOAD_SHED_PENDING && load.oldestMs() > config.LOAD_SHED_WAIT_MS);
}

/**
 * The probes: liveness never waits for the database, and readiness answers shedding and shutdown
 * in its own shape, so neither is refused for them (here and in http/closing.ts).
 */
export const PROBE_ROUTES: readonly string[] = ['/health', '/api/health', '/api/ready'];

/**
 * Refuses requests that would reach the database while it is overloaded: 503 `server_busy`
 * with Retry-After, in each surface's own error shape (the error handlers write it). The probes
 * and the web app's files never wait for the database; each refusal is reported to onShed.
 */
export function shedLoad(app: FastifyInstance, overloaded: Overloaded, onShed: () => void): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    const needsDatabase =
      url.startsWith('/api/') || url.startsWith('/rest/v1/') || url.startsWith('/auth/v1/');
    if (!needsDatabase || PROBE_ROUTES.includes(url) || !overloaded()) return;
    onShed();
    throw serverBusy();
  });
}
