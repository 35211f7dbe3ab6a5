import type { RouteShorthandOptions } from 'fastify';

/** Per-route limit, counted per client address over one minute. */
export function limitPerMinute(max: number): RouteShorthandOptions {
  return { config: { rateLimit: { max, timeWindow: 60_000 } } };
}
