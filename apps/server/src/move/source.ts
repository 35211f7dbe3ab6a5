import { cp, lstat, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { dataDirInUse } from '../backup/control.js';
import { isPostgresEntry } from '../backup/pgdata-tar.js';
import { openPGlite } from '../db/pglite/database.js';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/types.js';
import { MoveError } from './errors.js';
import { messageOf } from '../error-message.js';

export interface SourceCopy {
  db: Database;
  /** Migrations the copy lacked and received (the source itself is never changed). */
  migrated: string[];
  close(): Promise<void>;
}

async function checkDataDir(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (!info?.isDirectory()) throw new MoveError(`the source ${dataDir} is not a directory`);
  const version = await readFile(join(dataDir, 'PG_VERSION'), 'utf8').catch(() => null);
  if (version === null) {
    throw new MoveError(`the source ${dataDir} is not a PGlite data directory (no PG_VERSION)`);
  }
  if (await dataDirInUse(dataDir)) {
    throw new MoveError(`a server is using ${dataDir}: stop it before moving its data`);
  }
}

/**
 * What the copy takes: the database's files, not what else lives in DATA_DIR (backups, a control
 * socket, which cannot be copied).
 */
function partOfDatabase(dataDir: string) {
  return async (path: string): Promise<boolean> => {
    const [top] = relative(dataDir, path).split(sep);
    if (top && !isPostgresEntry(top)) return false;
    const info = await lstat(path);
    return info.isFile() || info.isDirectory();
  };
}

/**
 * Opens a copy of the PGlite data directory, never the directory itself: opening writes to it
 * (recovery, checkpoints). The copy is brought to the current schema version, and removed on
 * close.
 */
export async function openSourceCopy(dataDir: string): Promise<SourceCopy> {
  const from = resolve(dataDir);
  await checkDataDir(from);
  const copyDir = await mkdtemp(join(tmpdir(), 'couple-db-move-'));
  const removeCopy = () => rm(copyDir, { recursive: true, force: true });
  let db: Database | undefined;
  try {
    await cp(from, copyDir, { recursive: true, errorOnExist: true, filter: partOfDatabase(from) });
    db = await openPGlite(copyDir).catch((error: unknown) => {
      throw new MoveError(`cannot open the PGlite database in ${from}: ${messageOf(error)}`);
    });
    const migrated = await migrate(db).catch((error: unknown) => {
      throw new MoveError(`cannot bring the copy of ${from} to this version: ${messageOf(error)}`);
    });
    const opened = db;
    return {
      db: opened,
      migrated,
      async close() {
        await opened.close().catch(() => undefined);
        await removeCopy();
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    await removeCopy();
    throw error;
  }
}
