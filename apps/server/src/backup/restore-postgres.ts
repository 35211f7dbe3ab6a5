import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLICATION_NAME } from '../db/postgres.js';
import { type BackupManifest } from './archive.js';
import { readBackupFile } from './archive-read.js';
import { RefusedError } from './cli-run.js';
import { backupPostgres, libpqConnection, readMigrations, runTool, withClient } from './create.js';
import { checkMigrations, type RestoreOutcome } from './restore-pglite.js';

// As migration 002: the role is cluster-wide, and the dump's GRANTs name it.
const ENSURE_APP_USER = `DO $$
BEGIN
  CREATE ROLE app_user NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$`;

/** Refused while any instance of this app is connected to the database. */
async function refuseRunningServers(databaseUrl: string): Promise<void> {
  const servers = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    );
    return rows[0]!.count;
  });
  if (servers > 0) {
    throw new RefusedError(
      `${servers} connection(s) of a running server use this database: stop every instance first; nothing was changed`,
    );
  }
}

/** Refused when the database holds migrations the backup lacks: it would go back in time. */
function refuseNewerDatabase(current: string[], manifest: BackupManifest): void {
  const extra = current.filter((version) => !manifest.migrations.includes(version));
  if (extra.length > 0) {
    throw new RefusedError(
      `the database has migrations the backup lacks (${extra.join(', ')}): restore into an empty database (createdb) and point DATABASE_URL at it; nothing was changed`,
    );
  }
}

/** pg_restore over the database's contents, all or nothing. */
async function replaceContents(
  { dbname, env }: ReturnType<typeof libpqConnection>,
  dump: string,
): Promise<void> {
  await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      dbname,
      dump,
    ],
    env,
  );
}

/**
 * Restores a pg_dump backup into DATABASE_URL's database: refused while a server of this app is
 * connected to it, or when the database holds migrations the backup lacks; the file is checked
 * whole (and by pg_restore) first, and the current database is dumped to BACKUP_DIR as
 * couple-restore-point-<time>.tar.gz. pg_restore then replaces it in one transaction.
 */
export async function restorePostgres(
  databaseUrl: string,
  backupDir: string,
  file: string,
): Promise<RestoreOutcome> {
  const work = await mkdtemp(join(tmpdir(), 'couple-restore-'));
  try {
    const dump = join(work, 'database.dump');
    const manifest: BackupManifest = await readBackupFile(file, dump);
    if (manifest.driver !== 'postgres') {
      throw new RefusedError(
        'this is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR (or restore it there and move it with npm run db:move); nothing was changed',
      );
    }
    await checkMigrations(manifest);
    const connection = libpqConnection(databaseUrl);
    await runTool('pg_restore', ['--list', dump], connection.env);
    await refuseRunningServers(databaseUrl);
    const current = await readMigrations(databaseUrl);
    refuseNewerDatabase(current, manifest);
    const restorePoint =
      current.length > 0
        ? (await backupPostgres(databaseUrl, backupDir, 'couple-restore-point')).file
        : undefined;
    await withClient(databaseUrl, (client) => client.query(ENSURE_APP_USER));
    await replaceContents(connection, dump);
    const restored = await readMigrations(databaseUrl);
    if (restored.join() !== manifest.migrations.join()) {
      throw new Error("the restored database's migrations differ from the backup's manifest");
    }
    return { manifest, ...(restorePoint ? { restorePoint } : {}) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
