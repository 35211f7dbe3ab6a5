import { loadConfig } from '../../apps/server/src/config.js';
import { databaseConfigOf, openDatabase, type Database } from '../../apps/server/src/db/index.js';
import { OWN_PROFILE_JSON_SQL } from '../../apps/server/src/profile/repository.js';
import { listReceived } from '../../apps/server/src/messages/repository.js';
import { summarize } from './stats.js';

export interface LoopResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

/** `connections` loops calling `run` back to back for `durationS`: a closed-loop load like autocannon's. */
export async function hammerLoop(
  run: () => Promise<unknown>,
  { connections, durationS }: { connections: number; durationS: number },
): Promise<LoopResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await run();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const summary = summarize(latencies);
  return { requests: latencies.length, rps: latencies.length / elapsedS, ...summary };
}

/**
 * The reads of GET /api/profile and GET /api/messages?limit=50 exactly as the services make them
 * (as app_user in the reader's scope, the same repository SQL and round trips), on a database
 * opened like the server's (same driver and pool size), without HTTP, tokens or serialisation
 * (both answers' JSON is built by PostgreSQL, here as in the server).
 */
export function bareReads(db: Database, userId: string) {
  return {
    profile: () => db.readAsUser(userId, OWN_PROFILE_JSON_SQL),
    inbox: () =>
      db.asUser(userId, (tx) => listReceived(tx, userId, { unreadOnly: false, limit: 50 })),
  };
}

/** The database the server would open with this environment (driver, pool, PGlite thread). */
export function openLikeServer(env: Record<string, string | undefined>) {
  return openDatabase(databaseConfigOf(loadConfig(env)));
}
