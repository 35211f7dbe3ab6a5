import type { PGlite } from '@electric-sql/pglite';
import {
  enterUserScope,
  userScopeSql,
  type Database,
  type Queryable,
  type SqlParam,
} from '../types.js';
import { scheduleCheckpoints } from './checkpoints.js';
import { createPGlite, snapshotPGlite, type CreatePGliteOptions } from './engine.js';

interface PGliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PGliteLike): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL (WASM); dataDir undefined keeps it in memory (tests). On disk it
 * checkpoints every checkpointEveryMs (checkpoints.ts).
 */
export async function openPGlite(
  dataDir?: string,
  { checkpointEveryMs, startFrom }: { checkpointEveryMs?: number } & CreatePGliteOptions = {},
): Promise<Database> {
  return pgliteDatabase(await createPGlite(dataDir, { startFrom }), dataDir, checkpointEveryMs);
}

/** The Database over an open PGlite, which it closes on close(). */
export function pgliteDatabase(pg: PGlite, dataDir?: string, checkpointEveryMs?: number): Database {
  const root = wrap(pg);
  const stopCheckpoints = dataDir ? scheduleCheckpoints(pg, checkpointEveryMs) : () => undefined;

  return {
    driver: 'pglite',
    ...root,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    asUser: (userId, fn) =>
      pg.transaction(async (tx) => {
        const scoped = wrap(tx);
        await enterUserScope(scoped, userId);
        return fn(scoped);
      }),
    // No network between us and PGlite: the scope and the read are two calls in one transaction.
    readAsUser: <T>(userId: string, sql: string) =>
      pg.transaction(async (tx) => {
        const scoped = wrap(tx);
        await scoped.query(userScopeSql(userId));
        return (await scoped.query<T>(sql)).rows;
      }),
    ...(dataDir ? { snapshotDataDir: () => snapshotPGlite(pg, dataDir) } : {}),
    close: () => {
      stopCheckpoints();
      return pg.close();
    },
  };
}
