import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../errors.js';
import { migrate } from '../migrate.js';
import { startPGliteWorker } from './worker-client.js';
import type { Database } from '../types.js';

const USER = '5b0a3c1e-8d2f-4a6b-9c7d-1e2f3a4b5c6d';

describe('PGlite in its worker thread', () => {
  let db: Database;
  let worker: Worker;
  const lost: Error[] = [];

  beforeAll(async () => {
    ({ db, worker } = await startPGliteWorker(undefined, { onLost: (error) => lost.push(error) }));
    await migrate(db);
    await db.exec(`CREATE TABLE probe (n int PRIMARY KEY, note text);
      CREATE TABLE deferred_probe (n int UNIQUE DEFERRABLE INITIALLY DEFERRED)`);
  });
  afterAll(() => db.close());

  it('hands rows back parsed as on the server thread', async () => {
    const { rows, rowCount } = await db.query<Record<string, unknown>>(
      `SELECT '2026-11-25 10:00:00.5+00'::timestamptz AS at, 9007199254740991::int8 AS big,
              '{"a":[1,2]}'::jsonb AS doc, ARRAY['x','y'] AS list, '\\x0102'::bytea AS bytes, $1::text AS param`,
      ['kept'],
    );
    expect(rowCount).toBe(1);
    expect(rows[0]).toEqual({
      at: '2026-11-25T10:00:00.500Z',
      big: 9007199254740991,
      doc: { a: [1, 2] },
      list: ['x', 'y'],
      bytes: new Uint8Array([1, 2]),
      param: 'kept',
    });
  });

  it('commits a transaction, and rolls back one whose work throws with the same error', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe (n) VALUES (1)');
    });
    const thrown = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe (n) VALUES (2)');
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    const { rows } = await db.query<{ n: number }>('SELECT n FROM probe ORDER BY n');
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('keeps a database error’s code and constraint across the thread', async () => {
    const error: unknown = await db.query('INSERT INTO probe (n) VALUES (1)').catch((e) => e);
    expect(isUniqueViolation(error, 'probe_pkey')).toBe(true);
    expect(error).toMatchObject({ code: '23505', detail: 'Key (n)=(1) already exists.' });
  });

  it('reports a commit that fails, and stays usable after it', async () => {
    const error: unknown = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO deferred_probe VALUES (7), (7)');
      })
      .catch((e) => e);
    expect(error).toMatchObject({ code: '23505' });
    expect((await db.query('SELECT count(*)::int AS n FROM deferred_probe')).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('runs a statement asked for during a transaction only after that transaction ends', async () => {
    // One connection: had the statement slipped into the open transaction, it would see the
    // row that the transaction then rolls back.
    let decide!: () => void;
    const decided = new Promise<void>((resolve) => (decide = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const open = db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe (n) VALUES (3)');
      inserted();
      await decided;
      throw new Error('roll back');
    });
    // Asked once the transaction holds its row, before it ends.
    await insertDone;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE n = 3');
    decide();
    await expect(open).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('enters the user scope for asUser and readAsUser, and leaves it after', async () => {
    const scope = `SELECT current_user AS role, current_setting('app.user_id', true) AS user_id`;
    const inside = await db.asUser(USER, async (tx) => (await tx.query(scope)).rows[0]);
    expect(inside).toEqual({ role: 'app_user', user_id: USER });
    expect(await db.readAsUser(USER, scope)).toEqual([{ role: 'app_user', user_id: USER }]);
    const after = (await db.query<{ role: string; user_id: string | null }>(scope)).rows[0];
    expect(after?.role).not.toBe('app_user');
    expect(after?.user_id || null).toBeNull();
  });

  it('fails every call as unavailable once the thread is gone', async () => {
    const inFlight = db.query('SELECT pg_sleep(0.5)').catch((e) => e);
    await worker.terminate();
    const [during, after] = [await inFlight, await db.query('SELECT 1').catch((e) => e)];
    for (const error of [during, after]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(String(error)).toContain('PGlite worker stopped');
    }
    expect(lost).toHaveLength(1);
    await expect(db.close()).resolves.toBeUndefined();
  });
});
