import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index.js';
import { SESSION_CHECK_TTL_MS, createSessionCheck } from './session-check.js';

/** A database that answers whether a session is active and counts how often it is asked. */
function fakeSessions(active: Set<string>) {
  const asked: string[] = [];
  const db = {
    async query(_sql: string, params: unknown[]) {
      asked.push(String(params[0]));
      return { rows: active.has(String(params[0])) ? [{ '?column?': 1 }] : [] };
    },
  } as unknown as Queryable;
  return { db, asked };
}

describe('session check', () => {
  it('asks the database once per session within the time-to-live, then again', async () => {
    let now = 0;
    const { db, asked } = fakeSessions(new Set(['s1']));
    const sessions = createSessionCheck(db, () => now);
    expect(await sessions.isActive('s1')).toBe(true);
    now += SESSION_CHECK_TTL_MS - 1;
    expect(await sessions.isActive('s1')).toBe(true);
    expect(asked).toEqual(['s1']);
    now += 1;
    expect(await sessions.isActive('s1')).toBe(true);
    expect(asked).toEqual(['s1', 's1']);
  });

  it('refuses a revoked session at once, whatever the cache held, and for good', async () => {
    let now = 0;
    const { db, asked } = fakeSessions(new Set(['s1']));
    const sessions = createSessionCheck(db, () => now);
    expect(await sessions.isActive('s1')).toBe(true);
    sessions.markRevoked('s1');
    expect(await sessions.isActive('s1')).toBe(false);
    now += SESSION_CHECK_TTL_MS * 10;
    expect(await sessions.isActive('s1')).toBe(false);
    expect(await sessions.isActive('unknown')).toBe(false);
    expect(asked).toEqual(['s1', 'unknown']);
  });

  it('believes no "active" answer that was in flight when the session was revoked', async () => {
    let answer: (rows: unknown[]) => void = () => undefined;
    const slow = {
      query: () => new Promise((resolve) => (answer = (rows) => resolve({ rows }))),
    } as unknown as Queryable;
    const sessions = createSessionCheck(slow, () => 0);
    const inFlight = sessions.isActive('s1');
    sessions.markRevoked('s1');
    // The database read the row before the revocation committed: it still says active.
    answer([{ '?column?': 1 }]);
    expect(await inFlight).toBe(false);
    expect(await sessions.isActive('s1')).toBe(false);
  });
});
