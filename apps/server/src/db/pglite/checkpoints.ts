import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's own default checkpoint_timeout, which PGlite never acts on. */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, where no checkpointer process exists: neither
 * checkpoint_timeout nor max_wal_size ever starts a checkpoint, only CHECKPOINT and close() do.
 * Left alone, pg_wal grows for as long as the server runs, every new 16 MB segment is written
 * full of zeros (and fsynced) inside the commit that needs it instead of being recycled, and a
 * restart after a crash replays all the WAL since the last start. This checkpoints on
 * PostgreSQL's default schedule. A checkpoint waits for open transactions like any statement and
 * holds the next ones while it writes (at most shared_buffers, 16 MB).
 *
 * A failed checkpoint is left unhandled on purpose: an fsync error means the disk may not hold
 * what was acknowledged, and the process should stop (docs/durability.md).
 */
export function scheduleCheckpoints(pg: PGlite, everyMs = CHECKPOINT_EVERY_MS): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    void pg.exec('CHECKPOINT').catch((error: unknown) => {
      if (!stopped) throw error;
    });
  }, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
