import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect, vi } from 'vitest';
import { request } from './api.js';
import type { TestServer } from './server.js';
import { POLL } from './timing.js';

/**
 * Resolves once each server's limits count in Redis: the shared client connects in the
 * background, and until it is ready each instance counts alone. A failed sign-in of a new
 * address is the probe: once the client is ready, its count is in Redis.
 */
export async function waitForLimitsOnRedis(servers: TestServer[], redisUrl: string) {
  const redis = new Redis(redisUrl);
  try {
    for (const server of servers) {
      await vi.waitFor(async () => {
        const email = `probe-${randomUUID()}@example.com`;
        await request(server.url, 'POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
        });
        // Keyed as action-limits.ts keys an account: by the SHA-256 of its e-mail.
        const account = createHash('sha256').update(email).digest('base64url');
        expect(await redis.exists(`couple-failed-sign-ins:${account}`)).toBe(1);
      }, POLL);
    }
  } finally {
    redis.disconnect();
  }
}
