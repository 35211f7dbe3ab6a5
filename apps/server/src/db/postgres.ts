import pg from 'pg';
import {
  beginAsUserSql,
  userScopeSql,
  type Database,
  type Queryable,
  type SqlParam,
} from './types.js';
import { PG_TYPES, parseInt8, parseTimestamp } from './parsers.js';
import { reportDriverStats } from './stats.js';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPES.int8) return parseInt8;
    if (oid === PG_TYPES.timestamp || oid === PG_TYPES.timestamptz) return parseTimestamp;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Names the server's connections in pg_stat_activity: restore refuses while any is open. */
export const APPLICATION_NAME = 'couple-server';

const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

/**
 * Every statement text gets one name, so each connection parses and plans it once and then only
 * binds and executes it: the same few statements run for every desire.
 */
export function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  // Texts built from user input (the /rest/v1 select lists) must not grow this for ever.
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      const result = await target.query({ name: statementName(sql), text: sql, values: params });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/**
 * One connection of its own as a Queryable, for the tools that hold a single connection (db:move,
 * backups); unnamed statements, since their texts vary (table names, batch sizes).
 */
export function clientQueryable(client: pg.ClientBase): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  max?: number;
  /**
   * Client-side bound on one query. statement_timeout is enforced by the server, so it cannot
   * fire when the server stops answering (a partition, a frozen host); this can. Longer than
   * statement_timeout, so a merely slow statement is still reported by the server.
   */
  queryTimeoutMs?: number;
  /** Bound on opening a connection or waiting for a free one. */
  connectionTimeoutMs?: number;
  /**
   * Open every connection now and keep them all (the server). A connection opened in the middle
   * of a burst costs a new backend with cold caches: tens of milliseconds for the queries that
   * wait on it. Tests leave it off, as they open many small pools.
   */
  warm?: boolean;
}

/** The client can no longer be used: its query timed out unanswered or its connection is gone. */
function isConnectionLost(error: unknown): boolean {
  return error instanceof Error && /Query read timeout|Connection terminated/.test(error.message);
}

export async function openPostgres({
  connectionString,
  max = 10,
  queryTimeoutMs = 20_000,
  connectionTimeoutMs = 5_000,
  warm = false,
}: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Idle connections above `min` are closed after 10 s, to be reopened by the next burst.
    min: warm ? max : 0,
    types: typeParsers,
    connectionTimeoutMillis: connectionTimeoutMs,
    query_timeout: queryTimeoutMs,
    // A statement that cannot finish in time is a fault to report, not a request to hang.
    statement_timeout: 15_000,
    options: '-c TimeZone=UTC',
    application_name: APPLICATION_NAME,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  if (warm) {
    try {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of clients) client.release();
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>, userId?: string): Promise<T> {
    const client = await pool.connect();
    // The pool listens for errors only on idle clients: a connection lost while this one is
    // checked out (between two queries) would otherwise be an uncaught 'error' that ends the process.
    // The next query fails instead, and the pool discards the broken client on release.
    const onLost = () => undefined;
    client.on('error', onLost);
    let lost: Error | undefined;
    try {
      // One round trip fewer per user request: BEGIN and the user scope travel together.
      await client.query(userId ? beginAsUserSql(userId) : 'BEGIN');
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A lost client is discarded, not reused; the server rolls back when it notices.
      if (isConnectionLost(error)) lost = error as Error;
      else await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(lost);
      client.off('error', onLost);
    }
  }

  const database: Database = {
    driver: 'postgres',
    ...wrap(pool),
    transaction: (fn) => transaction(fn),
    asUser: (userId, fn) => transaction(fn, userId),
    async readAsUser<T>(userId: string, sql: string) {
      // Several statements in one simple query are one implicit transaction: set_config(…, true)
      // lasts until its end, so the pooled connection never keeps the scope.
      const results = (await pool.query(
        `${userScopeSql(userId)}; ${sql}`,
      )) as unknown as pg.QueryResult[];
      return results[1]!.rows as T[];
    },
    close: () => pool.end(),
  };
  reportDriverStats(database, () => ({
    pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
  }));
  return database;
}
