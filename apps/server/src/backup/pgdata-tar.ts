// PGlite's data directory as a plain tar, and back. Only PostgreSQL's own entries are taken:
// DATA_DIR also holds the control socket, the backups (by default) and restore points.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { BackupFileError, padding, tarHeader } from './archive.js';

/** PostgreSQL's entries at the top of a data directory (postmaster.pid is a lock, left out). */
export function isPostgresEntry(name: string): boolean {
  return /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.opts)$/.test(
    name,
  );
}

/**
 * Reads the directory's PostgreSQL files into one tar, synchronously: the caller holds PGlite's
 * mutexes, so nothing writes while it reads.
 */
export function tarDataDirectory(dataDir: string): Uint8Array {
  const parts: Buffer[] = [];
  const now = new Date();
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dataDir, relative)).sort()) {
      if (!relative && !isPostgresEntry(name)) continue;
      const path = relative ? `${relative}/${name}` : name;
      const stats = statSync(join(dataDir, path));
      if (stats.isDirectory()) {
        parts.push(tarHeader(`${path}/`, 0, now, '5'));
        walk(path);
      } else if (stats.isFile()) {
        const data = readFileSync(join(dataDir, path));
        parts.push(tarHeader(path, data.length, now), data, padding(data.length));
      }
    }
  };
  walk('');
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

const BLOCK = 512;

async function readExactly(handle: FileHandle, length: number, position: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new BackupFileError('its data directory tar is truncated');
  return buffer;
}

/** Unpacks a tar written by tarDataDirectory into dir (new), refusing paths that leave it. */
export async function extractDataDirectory(tarFile: string, dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const handle = await open(tarFile, 'r');
  let files = 0;
  try {
    for (let position = 0; ;) {
      const header = await readExactly(handle, BLOCK, position);
      position += BLOCK;
      if (header.every((byte) => byte === 0)) return files;
      const text = (offset: number, length: number) =>
        header.toString('latin1', offset, offset + length).replace(/\0.*$/s, '');
      const name = normalize(text(0, 100));
      const size = parseInt(text(124, 12).trim(), 8);
      const type = text(156, 1);
      if (name.startsWith('/') || name.startsWith('..') || !Number.isSafeInteger(size)) {
        throw new BackupFileError(
          `its data directory tar holds a bad entry ${JSON.stringify(name)}`,
        );
      }
      if (type === '5') await mkdir(join(dir, name), { recursive: true, mode: 0o700 });
      else {
        const out = await open(join(dir, name), 'wx', 0o600);
        try {
          for (let done = 0; done < size;) {
            const chunk = await readExactly(
              handle,
              Math.min(size - done, 1 << 20),
              position + done,
            );
            await out.write(chunk);
            done += chunk.length;
          }
          await out.sync();
        } finally {
          await out.close();
        }
        files++;
      }
      position += size + ((BLOCK - (size % BLOCK)) % BLOCK);
    }
  } finally {
    await handle.close();
  }
}
