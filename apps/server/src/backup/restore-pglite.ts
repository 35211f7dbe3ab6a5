import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openPGlite } from '../db/pglite/database.js';
import { appliedMigrations, planFor } from '../db/migrate.js';
import { DatabaseTooNewError, DatabaseTooOldError } from '../db/migration-plan.js';
import { BackupFileError, syncDirectory, type BackupManifest } from './archive.js';
import { readBackupFile } from './archive-read.js';
import { claimDataDir, dataDirInUse } from './control.js';
import { extractDataDirectory, isPostgresEntry } from './pgdata-tar.js';
import { RefusedError } from './cli-run.js';
import { messageOf } from '../error-message.js';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * This build must be able to start on the backup: not one made by a newer version, nor one older
 * than the release this build upgrades from.
 */
export async function checkMigrations(manifest: BackupManifest): Promise<void> {
  try {
    await planFor(manifest.migrations);
  } catch (error) {
    if (error instanceof DatabaseTooNewError) {
      throw new RefusedError(
        `the backup was made by a newer version of this app (it has ${error.unknown.join(', ')}): restore it with that version or newer; nothing was changed`,
      );
    }
    if (error instanceof DatabaseTooOldError) {
      const from = error.release ? `release ${error.release.slice(0, 7)}` : 'the previous release';
      throw new RefusedError(
        `the backup is older than ${from}, the oldest this version upgrades from (it lacks ${error.missing.join(', ')}): restore it with that release and start it once, then start this version; nothing was changed`,
      );
    }
    throw error;
  }
}

/**
 * Reads the whole file, unpacks the data directory into staging and opens it with PGlite: its
 * schema_migrations must be the manifest's. Returns the manifest; staging holds `data`.
 */
async function verifyInto(file: string, staging: string): Promise<BackupManifest> {
  const payload = join(staging, 'pgdata.tar');
  const manifest = await readBackupFile(file, payload);
  if (manifest.driver !== 'pglite') {
    throw new RefusedError(
      'this is a PostgreSQL backup: set DATABASE_URL to restore it; nothing was changed',
    );
  }
  await checkMigrations(manifest);
  await extractDataDirectory(payload, join(staging, 'data'));
  await rm(payload);
  let applied: string[];
  try {
    const db = await openPGlite(join(staging, 'data'));
    try {
      applied = await appliedMigrations(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    const reason = messageOf(error);
    throw new BackupFileError(`its database does not open (${reason})`);
  }
  if (applied.join() !== manifest.migrations.join()) {
    throw new BackupFileError("its database's migrations differ from its manifest");
  }
  return manifest;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** Where the data that was replaced now lies (none when there was none). */
  restorePoint?: string;
}

/**
 * Restores a PGlite backup into DATA_DIR: refused while a server uses the directory (and held
 * against one starting meanwhile), checked whole before anything is replaced, and the current
 * database kept in DATA_DIR/restore-point-<time>/.
 */
export async function restorePGlite(dataDir: string, file: string): Promise<RestoreOutcome> {
  if (await dataDirInUse(dataDir)) {
    throw new RefusedError(
      `a server is using DATA_DIR ${resolve(dataDir)}: stop it first; nothing was changed`,
    );
  }
  const created = !existsSync(dataDir);
  const control = await claimDataDir(dataDir);
  const staging = join(dataDir, `.restoring-${stamp()}`);
  try {
    await mkdir(staging, { mode: 0o700 });
    let manifest: BackupManifest;
    try {
      manifest = await verifyInto(file, staging);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    const current = (await readdir(dataDir)).filter(
      (name) => isPostgresEntry(name) || name === 'postmaster.pid',
    );
    let restorePoint: string | undefined;
    if (current.length > 0) {
      restorePoint = join(dataDir, `restore-point-${stamp()}`);
      await mkdir(restorePoint, { mode: 0o700 });
      for (const name of current) await rename(join(dataDir, name), join(restorePoint, name));
    }
    const restored = join(staging, 'data');
    for (const name of await readdir(restored)) {
      await rename(join(restored, name), join(dataDir, name));
    }
    await rm(staging, { recursive: true, force: true });
    await syncDirectory(dataDir);
    return { manifest, ...(restorePoint ? { restorePoint } : {}) };
  } finally {
    await control.close();
    if (created) await rmdir(dataDir).catch(() => undefined);
  }
}
