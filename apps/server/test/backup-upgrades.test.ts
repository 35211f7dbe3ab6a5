import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { openPGlite } from '../src/db/pglite/database.js';
import { readBackupFile } from '../src/backup/archive-read.js';
import { askServer, claimDataDir, dataDirInUse } from '../src/backup/control.js';
import { pruneBackups } from '../src/backup/create.js';
import { backupBeforeMigrate, checkBackupTools, startServerBackups } from '../src/backup/server.js';
import { PREVIOUS_RELEASE } from '../../../tools/upgrade/previous-release.js';
import { createTestDatabase, DRIVERS } from './helpers/database.js';
import { writeMigrationsOf } from './helpers/previous-release.js';
import { freePort } from './faults/helpers/server-process.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FUTURE = '999_from_a_newer_version.sql';
const work = await mkdtemp(join(tmpdir(), 'couple-upgrades-'));

afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs a TypeScript entry point of the server as its own process, as npm run does. */
function run(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function pgliteDir(name: string, migrationsDir = MIGRATIONS_DIR): Promise<string> {
  const dataDir = join(work, name);
  const db = await openPGlite(dataDir);
  await migrate(db, migrationsDir);
  await db.close();
  return dataDir;
}

describe.each(DRIVERS)('a database migrated by a newer version on %s', (driver) => {
  // On PGlite it runs initdb and every migration on disk, as the tests below do, and has their
  // limit: beside a CPU-bound process and a whole CI run it took 30 s.
  it('is refused with a message that says so, before anything runs on it', async () => {
    const dataDir = join(work, `future-${driver}`);
    const database = await createTestDatabase(driver, driver === 'pglite' ? dataDir : undefined);
    await database.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [FUTURE]);
    if (driver === 'pglite') await database.db.close();
    try {
      const opening = openDatabase({ databaseUrl: database.url, dataDir });
      await expect(opening).rejects.toThrow(
        `The database was migrated by a newer version of this app (it has ${FUTURE}, which this version does not know)`,
      );
    } finally {
      if (driver === 'postgres') await database.drop();
    }
  }, 60_000);
});

describe('the server and the backup commands as processes', () => {
  it('stops the server on a newer database with one line and exit 1', async () => {
    const dataDir = await pgliteDir('future-process');
    const db = await openPGlite(dataDir);
    await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [FUTURE]);
    await db.close();
    const started = await run('apps/server/src/main.ts', [], { DATA_DIR: dataDir, PORT: '0' });
    expect(started.code).toBe(1);
    expect(started.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The database was migrated by a newer version of this app/),
    ]);
    expect(await dataDirInUse(dataDir)).toBe(false);
  }, 60_000);

  it('backs up with npm run backup and refuses a truncated file with npm run restore', async () => {
    const dataDir = await pgliteDir('cli');
    const backup = await run('apps/server/src/backup/backup-cli.ts', [], { DATA_DIR: dataDir });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    const file = /backup written by this process: (\S+) \(\d+ bytes/.exec(backup.stdout)?.[1];
    expect(file).toBeDefined();
    expect((await readBackupFile(file!, join(work, 'cli-payload'))).driver).toBe('pglite');

    const truncated = join(work, 'cli-truncated.tar.gz');
    await writeFile(truncated, Buffer.alloc(0));
    const restore = await run('apps/server/src/backup/restore-cli.ts', ['--', truncated], {
      DATA_DIR: dataDir,
    });
    expect(restore.code).toBe(2);
    expect(restore.stderr).toBe(
      `error: ${truncated} is not a usable backup: it is truncated (gzip ends early); nothing was changed\n`,
    );
  }, 60_000);
});

describe('a running server process', () => {
  it('takes npm run backup itself, makes npm run restore refuse, and frees DATA_DIR on SIGTERM', async () => {
    const dataDir = await pgliteDir('live');
    const metricsPort = await freePort();
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    };
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env,
    });
    const exited = new Promise<number | null>((resolve) => server.once('close', resolve));
    try {
      for (let i = 0; i < 200 && !(await dataDirInUse(dataDir)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const second = await run('apps/server/src/main.ts', [], { DATA_DIR: dataDir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/^DATA_DIR \S+ is in use by another running server/);

      const backup = await run('apps/server/src/backup/backup-cli.ts', [], { DATA_DIR: dataDir });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^backup written by the running server: \S+couple-backup-/);
      const file = /server: (\S+) \(/.exec(backup.stdout)![1]!;
      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      const lastSuccess = /^couple_backup_last_success_timestamp_seconds (\S+)$/m.exec(
        await scrape.text(),
      );
      expect(Math.abs(Number(lastSuccess?.[1]) * 1000 - Date.now())).toBeLessThan(60_000);
      const restore = await run('apps/server/src/backup/restore-cli.ts', [file], {
        DATA_DIR: dataDir,
      });
      expect(restore.code).toBe(2);
      // Nothing reaches this target: the move stops at the source, which a server is using.
      const move = await run(
        'apps/server/src/move/main.ts',
        ['--from', dataDir, '--to', 'postgres://127.0.0.1:1/never'],
        {},
      );
      expect(move.code).toBe(1);
      expect(move.stderr).toMatch(
        /^db:move: a server is using \S+: stop it before moving its data$/m,
      );
      expect(restore.stderr).toMatch(
        /^error: a server is using DATA_DIR \S+: stop it first; nothing was changed\n$/,
      );
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, '.control.sock'))).toBe(false);
  }, 90_000);
});

describe('backups around an upgrade and a running server', () => {
  it('takes one before migrating when migrations are pending', async () => {
    const older = join(work, 'previous-release-migrations');
    await writeMigrationsOf(PREVIOUS_RELEASE, older);
    const dataDir = await pgliteDir('upgrade', older);
    const config = loadConfig({ DATA_DIR: dataDir });
    const db = await openDatabase({ dataDir, beforeMigrate: backupBeforeMigrate(config) });
    const applied = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
    await db.close();
    expect(applied.rows.map((row) => row.version)).toEqual(await migrationFiles());
    const [file] = await readdir(join(dataDir, 'backups'));
    const manifest = await readBackupFile(join(dataDir, 'backups', file!), join(work, 'up.tar'));
    expect(manifest.migrations).toEqual(await migrationFiles(older));
  }, 60_000);

  it('answers npm run backup through the running server, which holds DATA_DIR alone', async () => {
    const dataDir = await pgliteDir('running');
    const control = await claimDataDir(dataDir);
    await expect(claimDataDir(dataDir)).rejects.toThrow(/is in use by another running server/);
    const db = await openDatabase({ dataDir });
    const results: unknown[] = [];
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL: 'off' });
    const log = { info: () => undefined, error: () => undefined };
    const backups = startServerBackups({
      config,
      db,
      log,
      control,
      onResult: (r) => results.push(r),
    });
    try {
      const reply = await askServer(dataDir, { op: 'backup' });
      expect(reply).toMatchObject({ ok: true, file: expect.stringContaining('couple-backup-') });
      expect(results).toEqual([
        {
          ok: true,
          finishedAt: expect.any(Date),
          file: (reply as unknown as { file: string }).file,
        },
      ]);
    } finally {
      await backups.stop();
      await db.close();
      await control.close();
    }
    expect(await dataDirInUse(dataDir)).toBe(false);
  }, 60_000);

  it('takes over the socket a killed server left behind', async () => {
    const dataDir = join(work, 'stale');
    await mkdir(dataDir);
    const socket = join(dataDir, '.control.sock');
    const child = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(socket)}, () => console.log('up'))`,
    ]);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(await dataDirInUse(dataDir)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    expect(existsSync(socket)).toBe(true);
    expect(await dataDirInUse(dataDir)).toBe(false);
    const control = await claimDataDir(dataDir);
    expect(await dataDirInUse(dataDir)).toBe(true);
    await control.close();
  });

  it('prunes only its own oldest files beyond BACKUP_KEEP', async () => {
    const dir = join(work, 'prune');
    await mkdir(dir);
    const ours = Array.from(
      { length: 5 },
      (_, i) => `couple-backup-2026-01-0${i + 1}T03-00-00-000Z.tar.gz`,
    );
    const theirs = ['notes.txt', 'couple-restore-point-2026-01-01T00-00-00-000Z.tar.gz'];
    const [stale, fresh] = [ours[0], ours[4]].map((name) => `.${name}.partial`);
    for (const name of [...ours, ...theirs, stale!, fresh!]) await writeFile(join(dir, name), 'x');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    await utimes(join(dir, stale!), twoHoursAgo, twoHoursAgo);
    expect(await pruneBackups(dir, 3)).toEqual(ours.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual([...ours.slice(2), ...theirs, fresh!].sort());
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'scheduled backups on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    it('start only when pg_dump can dump the server', async () => {
      const config = loadConfig({
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        BACKUP_INTERVAL: '6h',
      });
      await expect(checkBackupTools(config)).resolves.toBeUndefined();
      const path = process.env.PATH;
      process.env.PATH = join(work, 'no-tools');
      try {
        await expect(checkBackupTools(config)).rejects.toThrow(
          /^Invalid configuration: BACKUP_INTERVAL: scheduled backups on PostgreSQL need pg_dump: pg_dump is not on the PATH/,
        );
        // Off by default on PostgreSQL: nothing to check.
        const unscheduled = loadConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL });
        await expect(checkBackupTools(unscheduled)).resolves.toBeUndefined();
      } finally {
        process.env.PATH = path;
      }
    });
  },
);
