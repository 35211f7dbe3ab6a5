import { fsyncSync } from 'node:fs';
import { SHARED_BITS } from '../../private-files.js';

interface ModeChange {
  mode?: number;
}

/** The part of Emscripten's NODEFS (inside PGlite 0.5.16, pinned) that these changes replace. */
export interface EmscriptenNodeFs {
  NODEFS: {
    node_ops: {
      mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
      setattr(node: unknown, attr: ModeChange): void;
    };
    stream_ops: {
      setattr(stream: unknown, attr: ModeChange): void;
      fsync?: (stream: { nfd: number }) => number;
    };
  };
}

/**
 * PGlite's Node file system hands every write to the OS at once, so a killed process loses no
 * commit; but nothing reaches the disk: PGlite starts PostgreSQL with fsync off (-F), Emscripten's
 * fdatasync is a no-op and its NODEFS has no fsync. Here NODEFS gets a real fsync, and PostgreSQL
 * runs with fsync on and wal_sync_method=fsync: a commit (and the acknowledgement of a desire)
 * returns once its WAL is on disk. See docs/durability.md.
 */
export function addRealFsync({ NODEFS }: EmscriptenNodeFs): void {
  NODEFS.stream_ops.fsync = (stream) => {
    fsyncSync(stream.nfd);
    return 0;
  };
}

/**
 * PGlite writes the data directory of a new database from initdb's in-memory copy and sets each
 * file's mode explicitly (0666, past any umask), and Emscripten's own umask (022) leaves what
 * PostgreSQL creates later 0644: the WAL, which holds the JWT secret, was readable by every local
 * account. Every mode NODEFS creates or sets loses its group and other bits here, as PostgreSQL's
 * own files are 0600 in folders of 0700. private-files.test.ts fails if a mode gets past this.
 */
export function keepModesPrivate({ NODEFS }: EmscriptenNodeFs): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = NODEFS;
  const mknod = nodeOps.mknod.bind(nodeOps);
  const setNode = nodeOps.setattr.bind(nodeOps);
  const setStream = streamOps.setattr.bind(streamOps);
  const privately = (attr: ModeChange): ModeChange =>
    attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~SHARED_BITS };
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~SHARED_BITS, dev);
  nodeOps.setattr = (node, attr) => setNode(node, privately(attr));
  streamOps.setattr = (stream, attr) => setStream(stream, privately(attr));
}
