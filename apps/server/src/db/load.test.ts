import { describe, expect, it } from 'vitest';
import { trackDatabaseLoad } from './load.js';
import type { Database, Queryable } from './types.js';
import { overloadCheck } from '../http/load-shedding.js';
import { loadConfig } from '../config.js';

/** A database whose operations finish only when the test says so. */
function gatedDatabase() {
  const gates: (() => void)[] = [];
  const wait = <T>(value: T) => new Promise<T>((resolve) => gates.push(() => resolve(value)));
  const tx: Queryable = {
    query: () => wait({ rows: [], rowCount: 0 }),
    exec: () => wait(undefined),
  };
  const db: Database = {
    driver: 'pglite',
    ...tx,
    transaction: (fn) => wait(null).then(() => fn(tx)),
    asUser: (_id, fn) => wait(null).then(() => fn(tx)),
    readAsUser: () => wait([]),
    close: async () => undefined,
  };
  return { db, openNext: () => gates.shift()?.() };
}

describe('trackDatabaseLoad', () => {
  it('counts the operations in flight and the age of the oldest', async () => {
    const { db, openNext } = gatedDatabase();
    const { db: tracked, load } = trackDatabaseLoad(db);
    expect([load.pending(), load.oldestMs()]).toEqual([0, 0]);
    const first = tracked.query('SELECT 1');
    const started = Date.now();
    const second = tracked.transaction(async () => 'done');
    expect(load.pending()).toBe(2);
    expect(load.oldestMs(started + 250)).toBeGreaterThanOrEqual(250);
    openNext();
    await first;
    expect(load.pending()).toBe(1);
    openNext();
    expect(await second).toBe('done');
    expect([load.pending(), load.oldestMs()]).toEqual([0, 0]);
  });

  it('counts a failed operation as finished', async () => {
    const { db } = gatedDatabase();
    const failing: Database = { ...db, query: () => Promise.reject(new Error('gone')) };
    const { db: tracked, load } = trackDatabaseLoad(failing);
    await expect(tracked.query('SELECT 1')).rejects.toThrow('gone');
    expect(load.pending()).toBe(0);
  });
});

describe('overloadCheck', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOAD_SHED_PENDING: '2',
    LOAD_SHED_WAIT_MS: '100',
    LOAD_SHED_LOOP_MS: '100',
  });
  /** `windowsLateMs`: how late the loop ran in each of its last windows. */
  const check = (pending: number, oldestMs: number, windowsLateMs: number[] = []) =>
    overloadCheck(
      { pending: () => pending, oldestMs: () => oldestMs, track: (work) => work() },
      {
        lateWindows: (limitMs) => windowsLateMs.filter((lateMs) => lateMs > limitMs).length,
        restart: () => undefined,
        stop: () => undefined,
      },
      config,
    )();

  it('sheds only a queue that is both long and old', () => {
    expect(check(3, 101)).toBe(true);
    expect(check(3, 50)).toBe(false);
    expect(check(1, 5000)).toBe(false);
    expect(check(2, 5000)).toBe(false);
  });

  it('sheds while the event loop runs later than the limit again and again, whatever the queue', () => {
    expect(check(0, 0, [101, 0, 0, 101])).toBe(true);
    expect(check(0, 0, [101, 99, 99, 99])).toBe(false);
  });

  it('does not shed for one stall of the event loop, however long', () => {
    expect(check(0, 0, [0, 0, 60_000, 0])).toBe(false);
  });
});
