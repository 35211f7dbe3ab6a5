import type { Database } from '../../src/db/index.js';
import type { SqlParam } from '../../src/db/types.js';

export interface GatedDatabase {
  db: Database;
  /**
   * Holds the answer of the next query that matches, once the database has given it: the
   * caller sees the database's view from before whatever the test does until release().
   */
  holdNext(matches: (sql: string, params: SqlParam[]) => boolean): {
    held: Promise<void>;
    release(): void;
  };
}

/** The database as is, except for the answers a test chooses to hold back. */
export function gateDatabase(db: Database): GatedDatabase {
  let gate: { matches: (sql: string, params: SqlParam[]) => boolean; reached(): void } | undefined;
  let opened: Promise<void> = Promise.resolve();
  const gated: Database = {
    driver: db.driver,
    async query<T>(sql: string, params: SqlParam[] = []) {
      const result = await db.query<T>(sql, params);
      if (gate?.matches(sql, params)) {
        const waitFor = opened;
        gate.reached();
        gate = undefined;
        await waitFor;
      }
      return result;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    asUser: (userId, fn) => db.asUser(userId, fn),
    readAsUser: (userId, sql) => db.readAsUser(userId, sql),
    close: () => db.close(),
  };
  return {
    db: gated,
    holdNext(matches) {
      let release: () => void = () => undefined;
      opened = new Promise((resolve) => (release = resolve));
      const held = new Promise<void>((reached) => (gate = { matches, reached }));
      return { held, release };
    },
  };
}
