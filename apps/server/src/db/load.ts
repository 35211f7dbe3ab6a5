import type { Database, Queryable } from './types.js';

/** How far behind the database is: what the server sheds load by. */
export interface DatabaseLoad {
  /** Operations (statements and transactions) asked for and not yet finished. */
  pending(): number;
  /** How long the oldest of them has been waiting or running, in ms (0 when none). */
  oldestMs(now?: number): number;
  /** Counts other work that waits for the database (desires queued for the group commit). */
  track<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The same database, counting its operations in flight. PGlite runs one at a time and the pg
 * pool a few, so under overload operations queue here and the oldest one's age grows: the
 * measure of a backlog that a request arriving now would wait behind.
 */
export function trackDatabaseLoad(db: Database): { db: Database; load: DatabaseLoad } {
  const started = new Map<number, number>();
  let next = 0;
  const tracked = async <T>(operation: () => Promise<T>): Promise<T> => {
    const id = next++;
    started.set(id, Date.now());
    try {
      return await operation();
    } finally {
      started.delete(id);
    }
  };
  const load: DatabaseLoad = {
    track: tracked,
    pending: () => started.size,
    oldestMs(now = Date.now()) {
      // A Map iterates in insertion order: its first entry is the oldest still in flight.
      const first = started.values().next();
      return first.done ? 0 : now - first.value;
    },
  };
  const wrapped: Database = {
    driver: db.driver,
    query: (sql, params) => tracked(() => db.query(sql, params)),
    exec: (sql) => tracked(() => db.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => tracked(() => db.transaction(fn)),
    asUser: <T>(userId: string, fn: (tx: Queryable) => Promise<T>) =>
      tracked(() => db.asUser(userId, fn)),
    readAsUser: <T>(userId: string, sql: string) => tracked(() => db.readAsUser<T>(userId, sql)),
    close: () => db.close(),
  };
  return { db: wrapped, load };
}
