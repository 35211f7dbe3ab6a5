import pg from 'pg';
import { enterUserScope, type Database, type Queryable, type SqlParam } from './types.js';
import { PG_TYPES, parseInt8, parseTimestamp } from './parsers.js';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPES.int8) return parseInt8;
    if (oid === PG_TYPES.timestamp || oid === PG_TYPES.timestamptz) return parseTimestamp;
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      const result = await target.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  max?: number;
}

export async function openPostgres({ connectionString, max = 10 }: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: typeParsers,
    connectionTimeoutMillis: 5_000,
    // A statement that cannot finish in time is a fault to report, not a request to hang.
    statement_timeout: 15_000,
    options: '-c TimeZone=UTC',
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>, userId?: string): Promise<T> {
    const client = await pool.connect();
    // The pool listens for errors only on idle clients: a connection lost while this one is
    // checked out (between two queries) would otherwise be an uncaught 'error' that ends the process.
    // The next query fails instead, and the pool discards the broken client on release.
    const onLost = () => undefined;
    client.on('error', onLost);
    try {
      await client.query('BEGIN');
      const tx = wrap(client);
      if (userId) await enterUserScope(tx, userId);
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      client.off('error', onLost);
    }
  }

  return {
    driver: 'postgres',
    ...wrap(pool),
    transaction: (fn) => transaction(fn),
    asUser: (userId, fn) => transaction(fn, userId),
    close: () => pool.end(),
  };
}
