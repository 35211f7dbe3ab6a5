import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import {
  API_CONTRACT,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  type ApiRouteName,
  type RateLimitName,
  type RouteContract,
} from '@couple/protocol';
import type { Config } from '../config.js';

/**
 * @fastify/rate-limit for the whole app, off by default: each route takes its limit through
 * rateLimitFor(). With Redis the counters are shared by every instance; if Redis is away,
 * requests still pass.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    ...(redis && { redis, skipOnError: true, nameSpace: 'couple-rate-limit-' }),
  });
}

/** The client's address; IPv6 by its /64, which one subscriber usually holds whole. */
function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/** The signed-in caller, else the address: a missing or bad token never opens a new bucket. */
function callerOrAddress(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : clientAddress(request);
}

function budgetPerMinute(config: Config, budget: RateLimitName): number {
  switch (budget) {
    case 'auth':
      return config.RATE_LIMIT_AUTH_PER_MINUTE;
    case 'refresh':
      return config.RATE_LIMIT_REFRESH_PER_MINUTE;
    case 'pairing':
      return config.RATE_LIMIT_PAIRING_PER_MINUTE;
    case 'clientErrors':
      return CLIENT_ERROR_REPORTS_PER_MINUTE;
  }
}

type Hook = NonNullable<RouteShorthandOptions['onRequest']>;

/** One limiter per action and app: routes that share it share its counters. */
const limiters = new WeakMap<Config, Map<ApiRouteName, Hook>>();

/**
 * The rate limit of one action, whichever surface it comes through (/api, /auth/v1,
 * /rest/v1/rpc): one counter per action (the contract route's name) over one minute, shared by
 * every route given it. Actions that need no sign-in count per client address, whatever token
 * the caller attaches; the others per user. (The plugin's per-route `groupId` does not share
 * counters between routes, so the limiter is one hook, made once and attached to each route.)
 */
export function rateLimitFor(
  app: FastifyInstance,
  config: Config,
  action: ApiRouteName,
): RouteShorthandOptions {
  const contract: RouteContract = API_CONTRACT[action];
  if (!contract.rateLimit) return {};
  let byAction = limiters.get(config);
  if (!byAction) limiters.set(config, (byAction = new Map()));
  let limiter = byAction.get(action);
  if (!limiter) {
    const key = contract.access === 'user' ? callerOrAddress : clientAddress;
    limiter = app.rateLimit({
      max: budgetPerMinute(config, contract.rateLimit),
      timeWindow: 60_000,
      // The action is part of the key: limiters made this way share one key space in Redis.
      keyGenerator: (request) => `${action}:${key(request)}`,
    });
    byAction.set(action, limiter);
  }
  return { onRequest: limiter };
}
