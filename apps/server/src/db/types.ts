export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | object;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** What a repository needs: one statement at a time, with parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs fn in one transaction as the owner; used for auth and system work only. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction as the non-owner role app_user with app.user_id set, so that
   * row-level security decides what fn can see or change.
   */
  asUser<T>(userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One read without parameters under the user's row-level security, in one round trip: on
   * PostgreSQL the scope and the statement travel as one simple query, which runs as one
   * implicit transaction, so the scope ends with it (and with an error).
   */
  readAsUser<T>(userId: string, sql: string): Promise<T[]>;
  /**
   * PGlite only: an uncompressed tar of its data directory, taken between transactions (none is
   * open while it is read), after a checkpoint. The backups' source (src/backup).
   */
  snapshotDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export const USER_ROLE = 'app_user';

/** One round trip: set_config('role', …, true) is SET LOCAL ROLE (it is on every user request). */
export async function enterUserScope(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `SELECT set_config('app.user_id', $1, true), set_config('role', '${USER_ROLE}', true)`,
    [userId],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * BEGIN and enterUserScope as one simple-protocol round trip (PostgreSQL). The id is inlined, so
 * it must be a UUID: it always is (the verified token's subject), and anything else is refused.
 */
export function beginAsUserSql(userId: string): string {
  return `BEGIN; ${userScopeSql(userId)}`;
}

/** The user scope as one inlined statement (the id must be a UUID, as for beginAsUserSql). */
export function userScopeSql(userId: string): string {
  if (!UUID.test(userId)) throw new Error('user id is not a UUID');
  return `SELECT set_config('app.user_id', '${userId}', true), set_config('role', '${USER_ROLE}', true)`;
}
