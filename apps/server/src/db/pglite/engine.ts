import { PGlite, types } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PG_TYPES, parseInt8, parseTimestamp } from '../parsers.js';
import { tarDataDirectory } from '../../backup/pgdata-tar.js';
import { addRealFsync, keepModesPrivate, type EmscriptenNodeFs } from './node-fs-patches.js';

/** PGlite's Node file system, durable (a real fsync) and private (owner-only modes). */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        addRealFsync(mod as unknown as EmscriptenNodeFs);
        keepModesPrivate(mod as unknown as EmscriptenNodeFs);
      },
    ];
    return result;
  }
}

/**
 * PostgreSQL's shared memory lives in PGlite's WebAssembly heap, which Emscripten zeroes when it
 * is mapped and which never shrinks: initdb's 128 MB of shared_buffers stayed resident for the
 * life of the process. 16 MB (2,048 pages) holds the working set of a household's server many
 * times over; a page read past it comes from the OS page cache (docs/performance.md, PGlite).
 */
const MEMORY_PARAMS = ['-c', 'shared_buffers=16MB'];

const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  ...MEMORY_PARAMS,
];

/**
 * On a fresh directory PGlite runs initdb in two more WebAssembly instances (about 300 MB
 * resident) and drops them, but V8 frees their memory only at a full collection, which an idle
 * server may not reach for hours: a first start held 830 MB instead of 450 MB. One full
 * collection, once, right after; `gc` exposed in a throwaway context, not to the application.
 */
function collectInitdbGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // After the current tasks: until then PGlite's own scopes still hold the instances.
  setTimeout(gc, 1000).unref();
}

export interface CreatePGliteOptions {
  /**
   * An uncompressed tar of a data directory (snapshotPGlite's) that a new in-memory database
   * starts from instead of running initdb: the tests' migrated template (test/setup).
   */
  startFrom?: Blob;
}

/**
 * PGlite as both the server's thread and its worker open it: durable on disk, in memory when
 * dataDir is undefined (tests), rows parsed as the pg driver parses them, in UTC.
 */
export async function createPGlite(
  dataDir?: string,
  { startFrom }: CreatePGliteOptions = {},
): Promise<PGlite> {
  if (dataDir && startFrom) throw new Error('startFrom is for an in-memory database only');
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const fresh = dataDir !== undefined && !existsSync(join(dataDir, 'PG_VERSION'));
  const pg = await PGlite.create({
    ...(dataDir
      ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS }
      : {
          dataDir: 'memory://',
          startParams: [...PGlite.defaultStartParams, ...MEMORY_PARAMS],
          ...(startFrom ? { loadDataDir: startFrom } : {}),
        }),
    parsers: {
      [PG_TYPES.int8]: parseInt8,
      [PG_TYPES.timestamp]: parseTimestamp,
      [PG_TYPES.timestamptz]: parseTimestamp,
    },
    serializers: { [types.TIMESTAMPTZ]: (value: unknown) => String(value) },
  });
  await pg.exec(`SET TIME ZONE 'UTC'`);
  if (fresh) collectInitdbGarbage();
  return pg;
}

/**
 * The data directory as an uncompressed tar, consistent. PGlite's query() and transaction()
 * take its transaction mutex first and then its query mutex, and a transaction holds the first
 * until it ends (in the worker, across the messages of the server's transaction). Holding both,
 * no statement runs and no transaction is open while the files are read: what is on disk is what
 * PostgreSQL has written up to a commit, which it recovers as after a clean stop or a kill (as
 * PGlite's own dumpDataDir, which takes only the query mutex and would also read DATA_DIR's
 * socket and backups). The checkpoint first writes the pages out, so a restore replays little WAL.
 */
export async function snapshotPGlite(pg: PGlite, dataDir: string): Promise<Uint8Array> {
  await pg.exec('CHECKPOINT');
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => tarDataDirectory(dataDir)),
  );
}
