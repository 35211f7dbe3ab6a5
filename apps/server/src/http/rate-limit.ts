import type { RouteShorthandOptions } from 'fastify';

/** Per-route limit over one minute, counted per user when signed in, else per client address. */
export function limitPerMinute(max: number): RouteShorthandOptions {
  return { config: { rateLimit: { max, timeWindow: 60_000 } } };
}
