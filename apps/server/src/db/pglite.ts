import { PGlite, types } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { enterUserScope, type Database, type Queryable, type SqlParam } from './types.js';
import { PG_TYPES, parseInt8, parseTimestamp } from './parsers.js';

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

/** Embedded PostgreSQL (WASM); dataDir undefined keeps it in memory (tests). */
export async function openPGlite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    parsers: {
      [PG_TYPES.int8]: parseInt8,
      [PG_TYPES.timestamp]: parseTimestamp,
      [PG_TYPES.timestamptz]: parseTimestamp,
    },
    serializers: { [types.TIMESTAMPTZ]: (value: unknown) => String(value) },
  });
  await pg.exec(`SET TIME ZONE 'UTC'`);
  const root = wrap(pg);

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
    close: () => pg.close(),
  };
}
