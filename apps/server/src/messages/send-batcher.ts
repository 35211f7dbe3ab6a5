import type { NewDesire } from '@couple/protocol';
import type { Database } from '../db/index.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { sendDesireAs, sendDesiresAs, type DesireFrom, type SendOutcome } from './repository.js';

export interface SendBatcher {
  send(userId: string, desire: NewDesire): Promise<SendOutcome>;
  /** Settles once every desire handed to send so far is stored or has failed. */
  drained(): Promise<void>;
}

export interface SendBatcherOptions {
  /** sends in flight at once; the desires that arrive meanwhile wait for the next free one */
  concurrency: number;
  maxBatch: number;
}

interface Pending extends DesireFrom {
  resolve(outcome: SendOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit for desires. A desire goes at once when fewer than `concurrency` sends are in
 * flight; the ones that arrive while all are busy go together in the next free one, as one
 * statement and one commit (one WAL flush). No timer: under light load every desire is alone and
 * waits for nothing; under heavy load the batches grow by themselves.
 */
export function createSendBatcher(db: Database, options: SendBatcherOptions): SendBatcher {
  const queue: Pending[] = [];
  let inFlight = 0;
  let waitingForIdle: (() => void)[] = [];

  const sendAlone = (p: Pending) => sendDesireAs(db, p.userId, p.desire).then(p.resolve, p.reject);

  async function flush(batch: Pending[]): Promise<void> {
    if (batch.length === 1) return sendAlone(batch[0]!);
    try {
      const outcomes = await sendDesiresAs(db, batch);
      batch.forEach((p, i) => p.resolve(outcomes[i]!));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const p of batch) p.reject(error);
        return;
      }
      // One element failed the whole statement: alone, only that one fails (with its own error).
      await Promise.all(batch.map(sendAlone));
    }
  }

  function pump(): void {
    while (inFlight < options.concurrency && queue.length > 0) {
      inFlight += 1;
      void flush(queue.splice(0, options.maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
        if (inFlight === 0) {
          for (const resolve of waitingForIdle) resolve();
          waitingForIdle = [];
        }
      });
    }
  }

  return {
    send: (userId, desire) =>
      new Promise<SendOutcome>((resolve, reject) => {
        queue.push({ userId, desire, resolve, reject });
        pump();
      }),
    // pump leaves nothing queued while a send is free, so no send in flight means none waiting.
    drained: () =>
      inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waitingForIdle.push(resolve)),
  };
}

/**
 * On PostgreSQL two sends in flight: WAL flushes are serial anyway and more backends only compete
 * for the CPUs, while a single one would queue every desire behind a slow flush. PGlite runs one
 * statement at a time, so one send; in its worker thread batches share its fsyncs and cost the
 * server's thread nothing (1000/s carried instead of about 550/s). On the server's own thread a
 * batch is one long stretch without socket I/O, so there each desire goes alone. The
 * measurements behind these are in docs/performance.md (Delivery).
 */
export function sendBatcherOptions(
  driver: Database['driver'],
  { poolSize, pgliteThread }: { poolSize: number; pgliteThread: 'worker' | 'main' },
): SendBatcherOptions {
  if (driver === 'postgres') return { concurrency: Math.min(2, poolSize), maxBatch: 50 };
  return { concurrency: 1, maxBatch: pgliteThread === 'worker' ? 50 : 1 };
}
