import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPGlite } from './database.js';

const REDO = `SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`;

describe('PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkpoints-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Single-user PostgreSQL has no checkpointer: without the schedule the redo point would stay
  // where the last start left it.
  it('checkpoints on its schedule, so the WAL behind the redo point can be recycled', async () => {
    const db = await openPGlite(dataDir, { checkpointEveryMs: 200 });
    try {
      await db.exec(
        `CREATE TABLE filler (n int); INSERT INTO filler SELECT generate_series(1, 1000)`,
      );
      const redo = async () => (await db.query<{ redo: string }>(REDO)).rows[0]?.redo;
      const before = await redo();
      expect(before).toBeDefined();
      await expect.poll(redo, { interval: 100, timeout: 30_000 }).not.toBe(before);
    } finally {
      await db.close();
    }
  }, 60_000);
});
