// `npm run restore -- FILE`: replaces the configured database (DATA_DIR, or DATABASE_URL's)
// with a backup, after checking the whole file; the replaced data is kept as a restore point.
import { loadConfig } from '../config.js';
import { BackupFileError } from './archive.js';
import { backupDirOf } from './config.js';
import { RefusedError, runCli } from './cli-run.js';
import { restorePGlite } from './restore-pglite.js';
import { restorePostgres } from './restore-postgres.js';

await runCli(async () => {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    throw new RefusedError('usage: npm run restore -- FILE (a couple-backup-….tar.gz)');
  }
  const file = args[0]!;
  const config = loadConfig();
  const target = config.DATABASE_URL
    ? 'the database at DATABASE_URL'
    : `DATA_DIR ${config.DATA_DIR}`;
  let outcome;
  try {
    outcome = config.DATABASE_URL
      ? await restorePostgres(config.DATABASE_URL, backupDirOf(config), file)
      : await restorePGlite(config.DATA_DIR, file);
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    throw new BackupFileError(
      `${file} is not a usable backup: ${error.message}; nothing was changed`,
    );
  }
  const { manifest, restorePoint } = outcome;
  console.log(
    `restored ${file} (taken ${manifest.createdAt} by version ${manifest.appVersion}, ${manifest.migrations.length} migrations) into ${target}` +
      (restorePoint ? `; the previous data is kept in ${restorePoint}` : ''),
  );
});
