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
 *
 * A revocation always wins over a check already in flight: the database may have read the row
 * just before the revocation committed, so an "active" answer that comes back after markRevoked
 * is not believed (nor cached).
 */
export function createSessionCheck(db: Queryable, now: () => number = Date.now): SessionCheck {
  const cache = new Map<string, { active: boolean; checkedAt: number }>();
  /** The checks of a session now waiting for the database, and whether it was revoked since. */
  const inFlight = new Map<string, { waiting: number; revoked: boolean }>();

  async function askDatabase(sessionId: string, userAgent: string | undefined): Promise<boolean> {
    const flight = inFlight.get(sessionId) ?? { waiting: 0, revoked: false };
    inFlight.set(sessionId, flight);
    flight.waiting += 1;
    try {
      const active = await touchActiveSession(db, sessionId, clampUserAgent(userAgent));
      return active && !flight.revoked;
    } finally {
      if (--flight.waiting === 0) inFlight.delete(sessionId);
    }
  }

  return {
    async isActive(sessionId, userAgent) {
      const cached = cache.get(sessionId);
      if (cached && (!cached.active || now() - cached.checkedAt < SESSION_CHECK_TTL_MS)) {
        return cached.active;
      }
      const active = await askDatabase(sessionId, userAgent);
      // Ended is for good: neither markRevoked nor another check's "ended" is undone here.
      if (cache.get(sessionId)?.active === false) return false;
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(sessionId, { active, checkedAt: now() });
      return active;
    },
    markRevoked(sessionId) {
      const flight = inFlight.get(sessionId);
      if (flight) flight.revoked = true;
      cache.delete(sessionId);
      cache.set(sessionId, { active: false, checkedAt: now() });
    },
  };
}
