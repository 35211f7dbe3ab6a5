// The server's side of backups (main.ts): the directory's control channel answers `backup`,
// the schedule runs, and an upgrade is backed up before it migrates.
import { ConfigError, type Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { MigrationState } from '../db/migrate.js';
import { backupDirOf, backupIntervalMs } from './config.js';
import type { ControlChannel } from './control.js';
import { pgDumpProblem } from './create.js';
import {
  createBackupService,
  newestBackupTime,
  startBackupSchedule,
  type BackupLog,
  type BackupResult,
  type BackupSchedule,
} from './service.js';
import { messageOf } from '../error-message.js';

/** Before the server has its logger: one JSON line per event, as pino writes them. */
export const consoleLog: BackupLog = {
  info: (fields, msg) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), ...fields, msg })),
  error: (fields, msg) =>
    console.error(JSON.stringify({ level: 50, time: Date.now(), ...fields, msg })),
};

type BackupConfig = Pick<
  Config,
  'DATA_DIR' | 'DATABASE_URL' | 'BACKUP_DIR' | 'BACKUP_INTERVAL' | 'BACKUP_KEEP'
>;

function serviceFor(
  config: BackupConfig,
  db: Database,
  log: BackupLog,
  onResult?: (result: BackupResult) => void,
) {
  return createBackupService({
    db,
    databaseUrl: config.DATABASE_URL,
    dir: backupDirOf(config),
    keep: config.BACKUP_KEEP,
    log,
    onResult,
  });
}

export class BackupBeforeMigrateError extends ConfigError {}

/**
 * On PostgreSQL with the schedule on, pg_dump must be able to dump the server's database: a
 * schedule that can only fail is a configuration error, reported at start.
 */
export async function checkBackupTools(config: BackupConfig): Promise<void> {
  if (!config.DATABASE_URL || backupIntervalMs(config) === null) return;
  const problem = await pgDumpProblem(config.DATABASE_URL);
  if (problem) {
    throw new ConfigError(
      `Invalid configuration: BACKUP_INTERVAL: scheduled backups on PostgreSQL need pg_dump: ${problem}`,
    );
  }
}

/**
 * openDatabase's beforeMigrate when backups are scheduled: one backup before an upgrade migrates.
 * A failed backup stops the start: migrating without one is what the schedule is there to avoid.
 */
export function backupBeforeMigrate(
  config: BackupConfig,
  onResult?: (result: BackupResult) => void,
): ((db: Database, state: MigrationState) => Promise<void>) | undefined {
  if (backupIntervalMs(config) === null) return undefined;
  return async (db, state) => {
    try {
      await serviceFor(config, db, consoleLog, onResult).run(
        `before migrating ${state.pending.join(', ')}`,
      );
    } catch (error) {
      const reason = messageOf(error);
      throw new BackupBeforeMigrateError(
        `Could not back up before migrating (${reason}); fix it, or set BACKUP_INTERVAL=off to migrate without a backup.`,
      );
    }
  };
}

export interface ServerBackups {
  stop(): Promise<void>;
}

/** Serves `backup` on the control channel (PGlite) and starts the schedule if it is on. */
export function startServerBackups(options: {
  config: BackupConfig;
  db: Database;
  log: BackupLog;
  control?: ControlChannel | undefined;
  onResult?: ((result: BackupResult) => void) | undefined;
}): ServerBackups {
  const { config, db, log, control, onResult } = options;
  const service = serviceFor(config, db, log, onResult);
  control?.serve(async (request) => {
    if (request.op !== 'backup') return { ok: false, error: `unknown request ${request.op}` };
    return { ok: true, ...(await service.run('asked over the control channel')) };
  });
  const intervalMs = backupIntervalMs(config);
  const schedule: BackupSchedule | undefined =
    intervalMs === null ? undefined : startBackupSchedule(service, backupDirOf(config), intervalMs);
  // After a restart the last success is the newest file already there, not "never".
  void newestBackupTime(backupDirOf(config)).then((newest) => {
    if (newest !== undefined) onResult?.({ ok: true, finishedAt: new Date(newest) });
  });
  if (intervalMs !== null) {
    log.info(
      { dir: backupDirOf(config), intervalMs, keep: config.BACKUP_KEEP },
      'backups scheduled',
    );
  }
  return {
    async stop() {
      control?.serve(async () => ({ ok: false, error: 'the server is shutting down' }));
      await schedule?.stop();
      await service.idle();
    },
  };
}
