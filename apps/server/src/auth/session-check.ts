import type { Queryable } from '../db/index.js';
import { clampUserAgent, touchActiveSession } from './sessions-repository.js';

/** How long a "still signed in" answer is trusted before the database is asked again. */
export const SESSION_CHECK_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface SessionCheck {
  /**
   * Whether the session may still act: from the cache while fresh, else from the database,
   * which then also records the session as seen (at most once a minute) from this user agent.
   */
  isActive(sessionId: string, userAgent?: string): Promise<boolean>;
  /** A revocation seen here or told by another instance: refused from now on. */
  markRevoked(sessionId: string): void;
}

/**
 * Access tokens stay valid for an hour, so every request checks that its session has not been
 * ended. A revocation is known at once on the instance that made it and, through the live
 * channel's adapter, on the others; the short cache only spares the database one query per
 * request, and bounds what an instance that missed the message can be late by.
 */
export function createSessionCheck(db: Queryable, now: () => number = Date.now): SessionCheck {
  const cache = new Map<string, { active: boolean; checkedAt: number }>();
  return {
    async isActive(sessionId, userAgent) {
      const cached = cache.get(sessionId);
      if (cached && (!cached.active || now() - cached.checkedAt < SESSION_CHECK_TTL_MS)) {
        return cached.active;
      }
      const active = await touchActiveSession(db, sessionId, clampUserAgent(userAgent));
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(sessionId, { active, checkedAt: now() });
      return active;
    },
    markRevoked(sessionId) {
      cache.delete(sessionId);
      cache.set(sessionId, { active: false, checkedAt: now() });
    },
  };
}
