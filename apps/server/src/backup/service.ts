import { readdir } from 'node:fs/promises';
import type { Database } from '../db/index.js';
import {
  BACKUP_FILE,
  backupPGlite,
  backupPostgres,
  pruneBackups,
  type BackupOutcome,
} from './create.js';
import { messageOf } from '../error-message.js';

/** What the integrator's metrics read after every backup, scheduled or asked for. */
export interface BackupResult {
  ok: boolean;
  finishedAt: Date;
  file?: string;
  error?: string;
}

export interface BackupLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface BackupServiceOptions {
  /** PGlite: backed up through its snapshot. */
  db?: Database | undefined;
  /** PostgreSQL: backed up through pg_dump. */
  databaseUrl?: string | undefined;
  dir: string;
  keep: number;
  log: BackupLog;
  onResult?: ((result: BackupResult) => void) | undefined;
}

export interface BackupService {
  /** One backup and a prune; backups never overlap (a second call waits for the first). */
  run(reason: string): Promise<BackupOutcome>;
  /** Resolves once no backup runs (after the ones already asked for). */
  idle(): Promise<void>;
}

export function createBackupService(options: BackupServiceOptions): BackupService {
  const { db, databaseUrl, dir, keep, log, onResult } = options;
  let last: Promise<unknown> = Promise.resolve();

  async function once(reason: string): Promise<BackupOutcome> {
    try {
      const outcome = databaseUrl
        ? await backupPostgres(databaseUrl, dir)
        : await backupPGlite(db!, dir);
      const pruned = await pruneBackups(dir, keep);
      log.info({ reason, ...outcome, pruned }, 'backup written');
      onResult?.({ ok: true, finishedAt: new Date(), file: outcome.file });
      return outcome;
    } catch (error) {
      const message = messageOf(error);
      log.error({ reason, dir, error: message }, 'backup failed');
      onResult?.({ ok: false, finishedAt: new Date(), error: message });
      throw error;
    }
  }

  return {
    run(reason) {
      const next = last.then(
        () => once(reason),
        () => once(reason),
      );
      last = next.catch(() => undefined);
      return next;
    },
    idle: () => last.then(() => undefined),
  };
}

/** When the newest of our backups in dir was taken (from its name), if any. */
export async function newestBackupTime(dir: string): Promise<number | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .pop();
  if (!newest) return undefined;
  const stamp = /(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(newest)!;
  return Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z`);
}

export interface BackupSchedule {
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
}

const RETRY_MS = 15 * 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** With no backup in the directory yet, the first one comes this long after the start. */
export const FIRST_BACKUP_DELAY_MS = 10 * 60_000;

/**
 * Backs up every intervalMs, counting from the newest backup in the directory (a server that
 * restarts often still backs up on time). With none yet, the first comes after firstDelayMs
 * (or the interval, if shorter), so that a start stays quick.
 */
export function startBackupSchedule(
  service: BackupService,
  dir: string,
  intervalMs: number,
  firstDelayMs = FIRST_BACKUP_DELAY_MS,
): BackupSchedule {
  const startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const plan = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(tick, Math.min(Math.max(delayMs, 0), MAX_TIMER_MS));
    timer.unref();
  };
  async function tick() {
    const newest = await newestBackupTime(dir);
    if (stopped) return;
    const due =
      newest === undefined ? startedAt + Math.min(firstDelayMs, intervalMs) : newest + intervalMs;
    const dueIn = due - Date.now();
    if (dueIn > 0) return plan(dueIn);
    running = service.run('scheduled');
    const ok = await running.then(
      () => true,
      () => false,
    );
    running = undefined;
    plan(ok ? intervalMs : Math.min(intervalMs, RETRY_MS));
  }
  plan(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
