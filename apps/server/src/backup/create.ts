import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../db/index.js';
import { appliedMigrations } from '../db/migrate.js';
import { clientQueryable } from '../db/postgres.js';
import {
  PAYLOAD_NAMES,
  hashBytes,
  hashFile,
  writeBackupFile,
  type BackupManifest,
} from './archive.js';
import { messageOf } from '../error-message.js';

export interface BackupOutcome {
  file: string;
  bytes: number;
  durationMs: number;
}

/** Our backup files, and only ours: prune never touches anything else. */
export const BACKUP_FILE = /^couple-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

/** couple-backup-2026-11-25T21-45-00-123Z.tar.gz: sorts by time, valid on every file system. */
export function backupFileName(at: Date, prefix = 'couple-backup'): string {
  return `${prefix}-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

let version: string | undefined;

/** This build's version (apps/server/package.json, two folders up in src and in dist). */
export async function appVersion(): Promise<string> {
  version ??= (
    JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
  return version;
}

async function manifestOf(
  driver: BackupManifest['driver'],
  migrations: string[],
  createdAt: Date,
  payload: BackupManifest['payload'],
): Promise<BackupManifest> {
  const base = { format: 'couple-backup', formatVersion: 1 } as const;
  const appVersionNow = await appVersion();
  return {
    ...base,
    driver,
    appVersion: appVersionNow,
    migrations,
    createdAt: createdAt.toISOString(),
    payload,
  };
}

/** An online backup of PGlite, taken in the thread that owns it (Database.snapshotDataDir). */
export async function backupPGlite(
  db: Database,
  dir: string,
  prefix?: string,
): Promise<BackupOutcome> {
  if (!db.snapshotDataDir) throw new Error('this database cannot snapshot its data directory');
  const started = new Date();
  const migrations = await appliedMigrations(db);
  const tar = await db.snapshotDataDir();
  const payload = { name: PAYLOAD_NAMES.pglite, bytes: tar.length, sha256: hashBytes(tar) };
  const manifest = await manifestOf('pglite', migrations, started, payload);
  const file = join(dir, backupFileName(started, prefix));
  const bytes = await writeBackupFile(file, manifest, { ...payload, data: tar });
  return { file, bytes, durationMs: Date.now() - started.getTime() };
}

/** pg_dump is not installed: the caller reports this one line. */
export class PgDumpMissingError extends Error {
  constructor(tool = 'pg_dump') {
    super(
      `${tool} is not on the PATH: install the PostgreSQL client tools of the server's major ` +
        'version or newer (Debian: apt install postgresql-client), or back up with your ' +
        "database provider's tools (docs/deploy.md, Backups and restore).",
    );
  }
}

/** A libpq connection without the password on the command line (ps shows arguments). */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client tool; rejects with its last stderr line when it fails. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new PgDumpMissingError(tool) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else {
        const lines = stderr.trim().split('\n');
        const last = lines.find((line) => line.includes('error:')) ?? lines.pop() ?? '';
        reject(new Error(`${tool} failed (exit ${code}): ${last}`));
      }
    });
  });
}

/**
 * Why pg_dump cannot back up this database, if it cannot: not installed, or older than the
 * server (pg_dump refuses a newer server's database).
 */
export async function pgDumpProblem(databaseUrl: string): Promise<string | undefined> {
  let version: string;
  try {
    version = await runTool('pg_dump', ['--version'], process.env);
  } catch (error) {
    return messageOf(error);
  }
  const server = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version_num') AS v",
    );
    return Math.floor(Number(rows[0]!.v) / 10_000);
  });
  const tool = Number(/PostgreSQL\)\s+(\d+)/.exec(version)?.[1] ?? 0);
  if (tool >= server) return undefined;
  return `pg_dump ${tool} is older than the PostgreSQL ${server} server: install pg_dump ${server} or newer`;
}

/** An online backup of PostgreSQL: pg_dump's custom format, one consistent snapshot. */
export async function backupPostgres(
  databaseUrl: string,
  dir: string,
  prefix?: string,
): Promise<BackupOutcome> {
  const started = new Date();
  const work = await mkdtemp(join(tmpdir(), 'couple-pg-dump-'));
  try {
    const dump = join(work, PAYLOAD_NAMES.postgres);
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool('pg_dump', ['-Fc', '--no-owner', '-f', dump, '--dbname', dbname], env);
    const migrations = await readMigrations(databaseUrl);
    const bytesOfDump = (await stat(dump)).size;
    const payload = {
      name: PAYLOAD_NAMES.postgres,
      bytes: bytesOfDump,
      sha256: await hashFile(dump),
    };
    const manifest = await manifestOf('postgres', migrations, started, payload);
    const file = join(dir, backupFileName(started, prefix));
    const bytes = await writeBackupFile(file, manifest, { ...payload, data: dump });
    return { file, bytes, durationMs: Date.now() - started.getTime() };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** One connection to databaseUrl for the length of fn. */
export async function withClient<T>(
  databaseUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function readMigrations(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, (client) => appliedMigrations(clientQueryable(client)));
}

const PARTIAL_FILE = /^\.couple-backup-.+\.tar\.gz\.partial$/;
const PARTIAL_AGE_MS = 3_600_000;

/**
 * Deletes our oldest backup files beyond `keep`, and temporary files that a process stopped in
 * the middle of a backup left (an hour old); returns the deleted backups' names.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir);
  for (const name of names.filter((name) => PARTIAL_FILE.test(name))) {
    const path = join(dir, name);
    const age = Date.now() - (await stat(path)).mtimeMs;
    if (age > PARTIAL_AGE_MS) await rm(path, { force: true });
  }
  const ours = names.filter((name) => BACKUP_FILE.test(name)).sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}
