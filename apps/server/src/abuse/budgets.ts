import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { ErrorCode } from '@couple/protocol';
import { HttpError } from '../errors.js';

/*
 * The counters the action limits are made of. With Redis a counter is shared by every
 * instance; if Redis fails, each instance falls back to its own memory.
 */

/** A counter of `points` per `duration` seconds for each key. */
export function limiter(
  redis: Redis | undefined,
  options: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  // Not ready means the memory limiter answers at once, rather than a request waiting on Redis.
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

/** Counts one for the key; the refusal of `refusal` (its retry-after in seconds) when over. */
export async function consumeOr(
  limit: RateLimiterAbstract,
  key: string,
  refusal: (retryAfterSeconds: number) => HttpError,
): Promise<void> {
  try {
    await limit.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw refusal(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
    throw rejection;
  }
}

/**
 * A budget of so many a minute and so many an hour per key; a 429 of `code` (with retry-after)
 * when over either. The minute's is taken first: a refused burst does not spend the hour's.
 */
export function minuteAndHourBudget(
  redis: Redis | undefined,
  budget: { keyPrefix: string; perMinute: number; perHour: number; code: ErrorCode },
): (key: string) => Promise<void> {
  const perMinute = limiter(redis, {
    keyPrefix: `${budget.keyPrefix}-per-minute`,
    points: budget.perMinute,
    duration: 60,
  });
  const perHour = limiter(redis, {
    keyPrefix: `${budget.keyPrefix}-per-hour`,
    points: budget.perHour,
    duration: 60 * 60,
  });
  const refusal = (retryAfter: number) => new HttpError(budget.code, { retryAfter });
  return async (key) => {
    await consumeOr(perMinute, key, refusal);
    await consumeOr(perHour, key, refusal);
  };
}

/** A budget of `points` per `duration` seconds per key; a 429 of `code` when over it. */
export function refusingBudget(
  redis: Redis | undefined,
  options: { keyPrefix: string; points: number; duration: number },
  code: ErrorCode,
): (key: string) => Promise<void> {
  const limit = limiter(redis, options);
  return (key) => consumeOr(limit, key, (retryAfter) => new HttpError(code, { retryAfter }));
}

/** Counts one for the key: false when over the budget (nothing refused, the caller decides). */
export async function takeIfWithin(limit: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limit.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
