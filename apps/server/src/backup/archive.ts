// A backup file: a gzip'd tar (readable with `tar xzf`) of two entries, manifest.json and then
// the payload (PGlite's data directory as pgdata.tar, or pg_dump's custom archive as
// database.dump). gzip's CRC and length, the tar headers' checksums and the payload's SHA-256 in
// the manifest let restore tell a whole file from a corrupt or truncated one.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export const MANIFEST_NAME = 'manifest.json';
export const PAYLOAD_NAMES = { pglite: 'pgdata.tar', postgres: 'database.dump' } as const;

export interface BackupManifest {
  format: 'couple-backup';
  formatVersion: 1;
  driver: 'pglite' | 'postgres';
  appVersion: string;
  /** schema_migrations of the backed-up database, in order. */
  migrations: string[];
  createdAt: string;
  payload: { name: string; bytes: number; sha256: string };
}

/** The backup file is not one we can restore; the message is one line for the operator. */
export class BackupFileError extends Error {}

const BLOCK = 512;

/** A ustar header: a regular file (type '0', mode 0600) or a directory (type '5', mode 0700). */
export function tarHeader(name: string, size: number, mtime: Date, type: '0' | '5' = '0'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`path too long for the backup: ${name}`);
  if (size >= 8 ** 11) throw new Error(`file too large for the backup (8 GiB at most): ${name}`);
  const header = Buffer.alloc(BLOCK);
  const field = (offset: number, length: number, value: string) =>
    header.write(value, offset, length, 'latin1');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, value.toString(8).padStart(length - 1, '0') + '\0');
  field(0, 100, name);
  octal(100, 8, type === '5' ? 0o700 : 0o600);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  field(148, 8, ' '.repeat(8));
  field(156, 1, type);
  field(257, 8, 'ustar\u000000');
  octal(148, 7, checksum(header));
  return header;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface PayloadSource {
  /** The payload in memory, or the path of a file holding it. */
  data: Uint8Array | string;
  bytes: number;
  sha256: string;
}

export function hashBytes(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

async function* tarEntries(manifest: BackupManifest, payload: PayloadSource) {
  const created = new Date(manifest.createdAt);
  const json = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield tarHeader(MANIFEST_NAME, json.length, created);
  yield json;
  yield padding(json.length);
  yield tarHeader(manifest.payload.name, payload.bytes, created);
  if (typeof payload.data === 'string') yield* createReadStream(payload.data);
  else yield payload.data;
  yield padding(payload.bytes);
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Writes the backup file atomically: a hidden temporary file beside it (mode 0600), flushed to
 * disk, renamed into place, and the directory flushed. A crash leaves no half file under the name.
 */
export async function writeBackupFile(
  file: string,
  manifest: BackupManifest,
  payload: PayloadSource,
): Promise<number> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `.${basename(file)}.partial`);
  try {
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    await pipeline(Readable.from(tarEntries(manifest, payload)), createGzip(), out);
    const handle = await open(partial, 'r+');
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    await syncDirectory(dir);
    return bytes;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
