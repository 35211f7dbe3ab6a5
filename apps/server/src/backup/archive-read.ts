import { createHash } from 'node:crypto';
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

/**
 * Reads a whole backup file: gunzips it (its CRC and length catch damage and truncation),
 * checks every tar header, the manifest and the payload's size and SHA-256, and writes the
 * payload to payloadPath. Throws BackupFileError saying what is wrong.
 */
export async function readBackupFile(file: string, payloadPath: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let out: FileHandle | undefined;
  const hash = createHash('sha256');
  let buffered = Buffer.alloc(0);
  let entry: (Entry & { left: number; chunks?: Buffer[] }) | undefined;
  let padding = 0;
  let ended = false;
  let payloadDone = false;
  try {
    const gunzip = createGunzip();
    // pipeline hands a read error (ENOENT) to gunzip, and so to this loop.
    pipeline(createReadStream(file), gunzip).catch(() => undefined);
    for await (const chunk of gunzip) {
      buffered = Buffer.concat([buffered, chunk as Buffer]);
      for (;;) {
        if (entry) {
          const take = Math.min(entry.left, buffered.length);
          const part = buffered.subarray(0, take);
          buffered = buffered.subarray(take);
          entry.left -= take;
          if (entry.chunks) entry.chunks.push(part);
          else {
            hash.update(part);
            await out!.write(part);
          }
          if (entry.left > 0) break;
          if (entry.chunks) manifest = parseManifest(Buffer.concat(entry.chunks));
          else payloadDone = true;
          padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
          entry = undefined;
        }
        if (padding > 0) {
          const skip = Math.min(padding, buffered.length);
          buffered = buffered.subarray(skip);
          padding -= skip;
          if (padding > 0) break;
        }
        if (ended || buffered.length < BLOCK) break;
        const header = parseHeader(buffered.subarray(0, BLOCK));
        buffered = buffered.subarray(BLOCK);
        if (!header) {
          ended = true;
          break;
        }
        if (!manifest && header.name === MANIFEST_NAME && header.size <= MAX_MANIFEST_BYTES) {
          entry = { ...header, left: header.size, chunks: [] };
        } else if (manifest && !payloadDone && header.name === manifest.payload.name) {
          out = await open(payloadPath, 'wx', 0o600);
          entry = { ...header, left: header.size };
        } else {
          throw new BackupFileError(`it holds an unexpected entry ${JSON.stringify(header.name)}`);
        }
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError('there is no such file');
    if (code === 'Z_BUF_ERROR') throw new BackupFileError('it is truncated (gzip ends early)');
    if (code?.startsWith('Z_')) throw new BackupFileError('it is not a whole gzip file (corrupt)');
    throw error;
  } finally {
    await out?.close();
  }
  if (!ended || !manifest || !payloadDone) {
    throw new BackupFileError('it is truncated (the tar ends early)');
  }
  const sha256 = hash.digest('hex');
  if (sha256 !== manifest.payload.sha256) {
    throw new BackupFileError("its payload does not match the manifest's SHA-256");
  }
  return manifest;
}
