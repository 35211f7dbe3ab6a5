// The thread that owns PGlite: PostgreSQL's work and its WAL fsync run here, off the server's
// event loop. It answers one message per statement; a transaction stays open between messages
// until the server's thread ends it, exactly as a pooled connection would.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { openPGlite } from './database.js';
import {
  toWorkerError,
  type PGliteWorkerData,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStarted,
} from './messages.js';
import type { Database, Queryable } from '../types.js';

// A transaction begun by the server's thread and not yet ended by it.
interface OpenTransaction {
  tx: Queryable;
  decide(commit: boolean): void;
  finished: Promise<void>;
}

const ROLLBACK = Symbol('rollback');
const port = parentPort!;
const transactions = new Map<number, OpenTransaction>();

function begin(db: Database, id: number, userId: string | undefined): Promise<void> {
  return new Promise((opened, failed) => {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const body = async (tx: Queryable) => {
      transactions.set(id, { tx, decide, finished });
      opened();
      if (!(await decided)) throw ROLLBACK;
    };
    const finished = (userId ? db.asUser(userId, body) : db.transaction(body))
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    finished.catch(failed);
  });
}

async function answer(db: Database, request: WorkerRequest): Promise<Omit<WorkerReply, 'id'>> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : transaction(request.tx).tx;
      return target.query(request.sql, request.params);
    }
    case 'exec':
      await (request.tx === undefined ? db : transaction(request.tx).tx).exec(request.sql);
      return {};
    case 'readAsUser':
      return { rows: await db.readAsUser(request.userId, request.sql) };
    case 'begin':
      await begin(db, request.tx, request.userId);
      return {};
    case 'end': {
      const open = transaction(request.tx);
      open.decide(request.commit);
      await open.finished;
      return {};
    }
    case 'snapshot':
      if (!db.snapshotDataDir) throw new Error('an in-memory database has no data directory');
      return { tar: await db.snapshotDataDir() };
    case 'close':
      await db.close();
      return {};
  }
}

function transaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open;
}

try {
  const { dataDir, startFromFile } = workerData as PGliteWorkerData;
  const startFrom = startFromFile ? new Blob([await readFile(startFromFile)]) : undefined;
  const db = await openPGlite(dataDir, { startFrom });
  port.on('message', (request: WorkerRequest) => {
    answer(db, request).then(
      (result) => {
        // A snapshot moves to the server's thread instead of being copied.
        const { tar } = result as { tar?: Uint8Array };
        const whole = tar && tar.byteOffset === 0 && tar.byteLength === tar.buffer.byteLength;
        const moved = whole ? [tar.buffer as ArrayBuffer] : [];
        port.postMessage({ id: request.id, ...result } satisfies WorkerReply, moved);
      },
      (error: unknown) =>
        port.postMessage({ id: request.id, error: toWorkerError(error) } satisfies WorkerReply),
    );
  });
  port.postMessage({ started: true } satisfies WorkerStarted);
} catch (error) {
  port.postMessage({ started: false, error: toWorkerError(error) } satisfies WorkerStarted);
}
