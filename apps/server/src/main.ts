import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseConfigOf, openDatabase, type Database } from './db/index.js';
import { buildApp } from './app.js';
import { claimDataDir, type ControlChannel } from './backup/control.js';
import {
  backupBeforeMigrate,
  checkBackupTools,
  startServerBackups,
  type ServerBackups,
} from './backup/server.js';
import type { BackupResult } from './backup/service.js';
import { backupDirOf } from './backup/config.js';
import type { WayDown } from './http/closing.js';
import { keepNewFilesPrivate, tightenTree } from './private-files.js';

/**
 * What an earlier release or a looser umask left readable by others (PGlite's WAL holds the
 * JWT secret), made owner-only before anything opens it: the count of entries per setting.
 */
async function tightenPrivateFiles(config: Config): Promise<Record<string, number>> {
  return {
    ...(config.DATABASE_URL ? {} : { DATA_DIR: await tightenTree(config.DATA_DIR) }),
    BACKUP_DIR: await tightenTree(backupDirOf(config)),
  };
}

/**
 * Opens and migrates the database (a backup first, when configured); a failure releases the
 * data directory. Losing the database later ends the process.
 */
async function openServerDatabase(
  config: Config,
  control: ControlChannel | undefined,
  onEarlyBackup: (result: BackupResult) => void,
): Promise<Database> {
  try {
    return await openDatabase({
      ...databaseConfigOf(config),
      // Nothing can be served without it: exit, so that the supervisor starts the server again
      // (a restart recovers the database as after a kill; docs/durability.md).
      onDatabaseLost: (error) => {
        console.error(`database lost: ${error.message}`);
        process.exit(1);
      },
      beforeMigrate: backupBeforeMigrate(config, onEarlyBackup),
    });
  } catch (error) {
    await control?.close();
    throw error;
  }
}

interface Running {
  config: Config;
  app: FastifyInstance;
  wayDown: WayDown;
  backups: ServerBackups;
  db: Database;
  control: ControlChannel | undefined;
}

/**
 * SIGINT or SIGTERM drains for SHUTDOWN_DRAIN_SECONDS, then closes the app, the database and
 * the data directory, in that order; a second signal cuts the drain short.
 */
function shutDownOnSignals({ config, app, wayDown, backups, db, control }: Running): void {
  let closing = false;
  let cutDrainShort = () => {};
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal does not wait for the rest of the drain.
      if (closing) return cutDrainShort();
      closing = true;
      app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
      wayDown.startDraining();
      const drained = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000);
        cutDrainShort = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      // The database closes after the app: onClose hooks run newest first, and the background
      // deliveries' hook must still reach the database while it settles.
      Promise.all([backups.stop(), drained])
        .then(() => app.close())
        .then(() => db.close())
        .then(() => control?.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}

async function start(config: Config): Promise<void> {
  await checkBackupTools(config);
  const tightened = await tightenPrivateFiles(config);
  // PGlite: one process per DATA_DIR. Taken before PGlite opens it, released after it closes.
  const control = config.DATABASE_URL ? undefined : await claimDataDir(config.DATA_DIR);
  // Results of backups taken before the app (and its metrics) exist: the one before migrating.
  const earlyBackups: BackupResult[] = [];
  const db = await openServerDatabase(config, control, (result) => earlyBackups.push(result));
  const { app, ctx, wayDown } = await buildApp({ config, db });
  for (const [setting, entries] of Object.entries(tightened)) {
    if (entries > 0) {
      app.log.warn({ setting, entries }, 'files other accounts could read are now owner-only');
    }
  }
  const recordBackup = (result: BackupResult) => ctx.metrics.recordBackup(result);
  earlyBackups.forEach(recordBackup);
  const backups = startServerBackups({ config, db, log: app.log, control, onResult: recordBackup });
  shutDownOnSignals({ config, app, wayDown, backups, db, control });
  await app.listen({ port: config.PORT, host: config.HOST });
}

keepNewFilesPrivate();
try {
  await start(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A bad setting stops the process with one line that names it, not a stack trace.
  console.error(error.message);
  process.exit(1);
}
