import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** How long a limit waits for Redis to answer a connect before it falls back. */
const CONNECT_TIMEOUT_MS = 500;

/**
 * The Redis client the rate limits and the action limits share when REDIS_URL is set, so that
 * their counters hold across instances. It connects in the background (the limits ask it only
 * once it is ready) and quits when the app closes; while Redis is away the limits fall back to
 * letting requests pass (rate limits) or to each instance's memory (action limits), so its errors
 * are theirs to handle, not the log's.
 *
 * Without a connection a command fails at once (no offline queue): queued, it would wait for
 * ioredis's reconnection attempts, whose delay grows to 5 s, and with one retry a request held
 * up to two of them (a sign-in took 10 to 20 s while Redis was away).
 */
export function openSharedRedis(app: FastifyInstance, url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', () => undefined);
  void redis.connect().catch(() => undefined);
  // QUIT needs a connection; without one, stop the reconnection attempts instead.
  app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  return redis;
}
