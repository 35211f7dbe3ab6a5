import type { Database } from './types.js';

/** What a driver can tell about its own queue, read when metrics are scraped. */
export interface DriverStats {
  /** PostgreSQL: connections open, idle, and queries waiting for a free one. */
  pool?: { total: number; idle: number; waiting: number };
  /** PGlite in its worker thread: requests sent to the thread and not yet answered. */
  workerPending?: number;
}

const sources = new WeakMap<Database, () => DriverStats>();

/** Called by a driver as it opens: how to read its stats later. */
export function reportDriverStats(db: Database, read: () => DriverStats): void {
  sources.set(db, read);
}

/** The driver's stats, or none for a driver that reports nothing (PGlite on the main thread). */
export function driverStatsOf(db: Database): DriverStats {
  return sources.get(db)?.() ?? {};
}
