import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BackupFileError, MANIFEST_NAME, PAYLOAD_NAMES, type BackupManifest } from './archive.js';

const BLOCK = 512;
const MAX_MANIFEST_BYTES = 1 << 20;

interface Entry {
  name: string;
  size: number;
}

function parseHeader(header: Buffer): Entry | null {
  if (header.every((byte) => byte === 0)) return null;
  const text = (offset: number, length: number) =>
    header.toString('latin1', offset, offset + length).replace(/\0.*$/s, '');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  if (text(257, 5) !== 'ustar' || parseInt(text(148, 8).trim(), 8) !== sum) {
    throw new BackupFileError('a tar header is damaged');
  }
  return { name: text(0, 100), size: parseInt(text(124, 12).trim(), 8) };
}

function parseManifest(json: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(json.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError('its manifest is not JSON');
  }
  const payload = manifest.payload;
  if (
    manifest.format !== 'couple-backup' ||
    manifest.formatVersion !== 1 ||
    (manifest.driver !== 'pglite' && manifest.driver !== 'postgres') ||
    !Array.isArray(manifest.migrations) ||
    typeof manifest.createdAt !== 'string' ||
    payload?.name !== PAYLOAD_NAMES[manifest.driver] ||
    !Number.isSafeInteger(payload.bytes) ||
    !/^[0-9a-f]{64}$/.test(payload.sha256)
  ) {
    throw new BackupFileError('its manifest is not a couple-backup manifest of format 1');
  }
  return manifest as BackupManifest;
}

/** Where the read of one file stands, fed as gunzip hands over its chunks. */
interface TarRead {
  payloadPath: string;
  hash: Hash;
  /** Bytes received and not read yet. */
  buffered: Buffer;
  /** The entry being read: the manifest (kept in chunks) or the payload (hashed and written). */
  entry?: Entry & { left: number; chunks?: Buffer[] };
  /** The zeros left before the next header. */
  padding: number;
  /** The archive's end (a block of zeros) was read. */
  ended: boolean;
  manifest?: BackupManifest;
  out?: FileHandle;
  payloadDone: boolean;
}

/** Takes what is buffered of the current entry; false while more of it is to come. */
async function readEntryBytes(read: TarRead, entry: NonNullable<TarRead['entry']>) {
  const take = Math.min(entry.left, read.buffered.length);
  const part = read.buffered.subarray(0, take);
  read.buffered = read.buffered.subarray(take);
  entry.left -= take;
  if (entry.chunks) entry.chunks.push(part);
  else {
    read.hash.update(part);
    await read.out!.write(part);
  }
  if (entry.left > 0) return false;
  if (entry.chunks) read.manifest = parseManifest(Buffer.concat(entry.chunks));
  else read.payloadDone = true;
  read.padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
  read.entry = undefined;
  return true;
}

/** Skips the zeros up to the next block; false while more of them are to come. */
function skipPadding(read: TarRead): boolean {
  const skip = Math.min(read.padding, read.buffered.length);
  read.buffered = read.buffered.subarray(skip);
  read.padding -= skip;
  return read.padding === 0;
}

/**
 * Reads the next header: the manifest first, then the payload it names, nothing else. False
 * at the archive's end, or until a whole header is buffered.
 */
async function startEntry(read: TarRead): Promise<boolean> {
  if (read.ended || read.buffered.length < BLOCK) return false;
  const header = parseHeader(read.buffered.subarray(0, BLOCK));
  read.buffered = read.buffered.subarray(BLOCK);
  if (!header) {
    read.ended = true;
    return false;
  }
  const { manifest } = read;
  if (!manifest && header.name === MANIFEST_NAME && header.size <= MAX_MANIFEST_BYTES) {
    read.entry = { ...header, left: header.size, chunks: [] };
  } else if (manifest && !read.payloadDone && header.name === manifest.payload.name) {
    read.out = await open(read.payloadPath, 'wx', 0o600);
    read.entry = { ...header, left: header.size };
  } else {
    throw new BackupFileError(`it holds an unexpected entry ${JSON.stringify(header.name)}`);
  }
  return true;
}

/** Reads all that the buffered bytes allow. */
async function readBuffered(read: TarRead): Promise<void> {
  for (;;) {
    if (read.entry && !(await readEntryBytes(read, read.entry))) return;
    if (read.padding > 0 && !skipPadding(read)) return;
    if (!(await startEntry(read))) return;
  }
}

/** A failure to read the file, said as what is wrong with it where that is known. */
function readFailure(error: unknown): unknown {
  if (error instanceof BackupFileError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupFileError('there is no such file');
  if (code === 'Z_BUF_ERROR') return new BackupFileError('it is truncated (gzip ends early)');
  if (code?.startsWith('Z_')) return new BackupFileError('it is not a whole gzip file (corrupt)');
  return error;
}

/**
 * Reads a whole backup file: gunzips it (its CRC and length catch damage and truncation),
 * checks every tar header, the manifest and the payload's size and SHA-256, and writes the
 * payload to payloadPath. Throws BackupFileError saying what is wrong.
 */
export async function readBackupFile(file: string, payloadPath: string): Promise<BackupManifest> {
  const read: TarRead = {
    payloadPath,
    hash: createHash('sha256'),
    buffered: Buffer.alloc(0),
    padding: 0,
    ended: false,
    payloadDone: false,
  };
  try {
    const gunzip = createGunzip();
    // pipeline hands a read error (ENOENT) to gunzip, and so to this loop.
    pipeline(createReadStream(file), gunzip).catch(() => undefined);
    for await (const chunk of gunzip) {
      read.buffered = Buffer.concat([read.buffered, chunk as Buffer]);
      await readBuffered(read);
    }
  } catch (error) {
    throw readFailure(error);
  } finally {
    await read.out?.close();
  }
  const { manifest } = read;
  if (!read.ended || !manifest || !read.payloadDone) {
    throw new BackupFileError('it is truncated (the tar ends early)');
  }
  const sha256 = read.hash.digest('hex');
  if (sha256 !== manifest.payload.sha256) {
    throw new BackupFileError("its payload does not match the manifest's SHA-256");
  }
  return manifest;
}
