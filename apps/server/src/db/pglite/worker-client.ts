import { Worker } from 'node:worker_threads';
import {
  fromWorkerError,
  type PGliteWorkerData,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStarted,
} from './messages.js';
import type { Database, Queryable, QueryResult, SqlParam } from '../types.js';
import { reportDriverStats } from '../stats.js';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<WorkerRequest>;

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

/**
 * The worker: in production the bundle's pglite-worker.js beside main.js (build.mjs); under tsx
 * and vitest the TypeScript source next to this module, through a bootstrap that registers tsx
 * first (Node 20 does not carry the parent's loader hooks into a worker, nor honour `--import`
 * in its execArgv).
 */
function startWorker(dataDir: string | undefined, startFromFile: string | undefined): Worker {
  const options = { workerData: { dataDir, startFromFile } satisfies PGliteWorkerData };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), options);
  }
  const source = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Why calls fail once the worker is gone: "admin shutdown", which the server answers with 503. */
function workerGone(reason: string): Error {
  return Object.assign(new Error(`PGlite worker stopped: ${reason}`), { code: '57P01' });
}

/**
 * Embedded PostgreSQL in a worker thread (worker.ts): the same Database as openPGlite,
 * each statement a message, so PGlite's CPU and its WAL fsync leave the server's event loop.
 */
export async function openPGliteWorker(
  dataDir?: string,
  options: PGliteWorkerOptions = {},
): Promise<Database> {
  return (await startPGliteWorker(dataDir, options)).db;
}

export interface PGliteWorkerOptions {
  /** Called once if the thread stops before close(): every call fails from then on. */
  onLost?: (error: Error) => void;
  /** A tar file of a data directory that a new in-memory database starts from (createPGlite). */
  startFromFile?: string;
}

/** openPGliteWorker with its thread, for tests that stop the thread under the server. */
export async function startPGliteWorker(
  dataDir?: string,
  { onLost, startFromFile }: PGliteWorkerOptions = {},
): Promise<{ db: Database; worker: Worker }> {
  const worker = startWorker(dataDir, startFromFile);
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let nextTransaction = 0;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
  };

  await new Promise<void>((started, failed) => {
    const opened = (message: WorkerStarted) => {
      worker.off('error', failed).off('exit', exited);
      if (message.started) started();
      else failed(fromWorkerError(message.error));
    };
    const exited = (code: number) => failed(workerGone(`exit ${code} while opening`));
    worker.once('message', opened).once('error', failed).once('exit', exited);
  });
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if ('error' in reply) waiting.reject(fromWorkerError(reply.error));
    else waiting.resolve(reply);
  });
  const lost = (error: Error) => {
    if (!stopped) onLost?.(error);
    stop(error);
  };
  worker.on('error', (error) => lost(workerGone(error.message)));
  worker.on('exit', (code) => lost(workerGone(`exit ${code}`)));

  const ask = (request: Request): Promise<WorkerReply> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  const queryable = (tx?: number): Queryable => {
    const within = tx === undefined ? {} : { tx };
    return {
      async query<T>(sql: string, params: SqlParam[] = []): Promise<QueryResult<T>> {
        const reply = (await ask({ op: 'query', sql, params, ...within })) as QueryResult<T>;
        return { rows: reply.rows, rowCount: reply.rowCount };
      },
      async exec(sql: string) {
        await ask({ op: 'exec', sql, ...within });
      },
    };
  };

  async function inTransaction<T>(userId: string | undefined, fn: (tx: Queryable) => Promise<T>) {
    const tx = nextTransaction++;
    await ask({ op: 'begin', tx, ...(userId === undefined ? {} : { userId }) });
    let result: T;
    try {
      result = await fn(queryable(tx));
    } catch (error) {
      await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await ask({ op: 'end', tx, commit: true });
    return result;
  }

  const db: Database = {
    driver: 'pglite',
    ...queryable(),
    transaction: (fn) => inTransaction(undefined, fn),
    asUser: (userId, fn) => inTransaction(userId, fn),
    readAsUser: async <T>(userId: string, sql: string) =>
      ((await ask({ op: 'readAsUser', userId, sql })) as { rows: T[] }).rows,
    snapshotDataDir: async () => ((await ask({ op: 'snapshot' })) as { tar: Uint8Array }).tar,
    async close() {
      if (stopped) return;
      await ask({ op: 'close' });
      stop(workerGone('closed'));
      await worker.terminate();
    },
  };
  reportDriverStats(db, () => ({ workerPending: pending.size }));
  return { db, worker };
}
