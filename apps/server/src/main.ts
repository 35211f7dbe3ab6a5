import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseConfigOf, openDatabase, type Database } from './db/index.js';
import { buildApp } from './app.js';
import { claimDataDir } from './backup/control.js';
import { backupBeforeMigrate, checkBackupTools, startServerBackups } from './backup/server.js';
import type { BackupResult } from './backup/service.js';
import { backupDirOf } from './backup/config.js';
import { keepNewFilesPrivate, tightenTree } from './private-files.js';

async function start(config: Config): Promise<void> {
  await checkBackupTools(config);
  // What an earlier release or a looser umask left readable by others (PGlite's WAL holds the
  // JWT secret), before anything opens it.
  const tightened = {
    ...(config.DATABASE_URL ? {} : { DATA_DIR: await tightenTree(config.DATA_DIR) }),
    BACKUP_DIR: await tightenTree(backupDirOf(config)),
  };
  // PGlite: one process per DATA_DIR. Taken before PGlite opens it, released after it closes.
  const control = config.DATABASE_URL ? undefined : await claimDataDir(config.DATA_DIR);
  // Results of backups taken before the app (and its metrics) exist: the one before migrating.
  const earlyBackups: BackupResult[] = [];
  let db: Database;
  try {
    db = await openDatabase({
      ...databaseConfigOf(config),
      // Nothing can be served without it: exit, so that the supervisor starts the server again
      // (a restart recovers the database as after a kill; docs/durability.md).
      onDatabaseLost: (error) => {
        console.error(`database lost: ${error.message}`);
        process.exit(1);
      },
      beforeMigrate: backupBeforeMigrate(config, (result) => earlyBackups.push(result)),
    });
  } catch (error) {
    await control?.close();
    throw error;
  }
  const { app, ctx, wayDown } = await buildApp({ config, db });
  for (const [setting, entries] of Object.entries(tightened)) {
    if (entries > 0) {
      app.log.warn({ setting, entries }, 'files other accounts could read are now owner-only');
    }
  }
  const recordBackup = (result: BackupResult) => ctx.metrics.recordBackup(result);
  earlyBackups.forEach(recordBackup);
  const backups = startServerBackups({ config, db, log: app.log, control, onResult: recordBackup });

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
