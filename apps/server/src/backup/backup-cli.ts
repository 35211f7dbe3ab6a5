// `npm run backup`: one backup now, into BACKUP_DIR, with the server's configuration. A running
// server on the same DATA_DIR takes it (PGlite has one owner); else this process opens the
// directory itself. On PostgreSQL, pg_dump.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { openPGlite } from '../db/pglite/database.js';
import { backupDirOf } from './config.js';
import { askServer, claimDataDir, dataDirInUse } from './control.js';
import { backupPGlite, backupPostgres, pruneBackups, type BackupOutcome } from './create.js';
import { runCli } from './cli-run.js';

async function backupHere(dataDir: string, dir: string): Promise<BackupOutcome> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(`there is no database in DATA_DIR ${dataDir}`);
  }
  const control = await claimDataDir(dataDir);
  try {
    const db = await openPGlite(dataDir);
    try {
      return await backupPGlite(db, dir);
    } finally {
      await db.close();
    }
  } finally {
    await control.close();
  }
}

await runCli(async () => {
  const config = loadConfig();
  const dir = backupDirOf(config);
  let outcome: BackupOutcome;
  let by = 'this process';
  if (config.DATABASE_URL) {
    outcome = await backupPostgres(config.DATABASE_URL, dir);
  } else if (await dataDirInUse(config.DATA_DIR)) {
    const reply = await askServer(config.DATA_DIR, { op: 'backup' });
    if (!reply.ok) throw new Error(`the running server could not back up: ${reply.error}`);
    outcome = reply as unknown as BackupOutcome;
    by = 'the running server';
  } else {
    outcome = await backupHere(config.DATA_DIR, dir);
  }
  const pruned = by === 'this process' ? await pruneBackups(dir, config.BACKUP_KEEP) : [];
  console.log(
    `backup written by ${by}: ${outcome.file} (${outcome.bytes} bytes, ${outcome.durationMs} ms)` +
      (pruned.length ? `; pruned ${pruned.length} older` : ''),
  );
});
