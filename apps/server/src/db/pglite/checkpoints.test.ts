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
      const [before] = (await db.query<{ redo: string }>(REDO)).rows;
      let after = before;
      const deadline = Date.now() + 10_000;
      while (after?.redo === before?.redo && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [after] = (await db.query<{ redo: string }>(REDO)).rows;
      }
      expect(after?.redo).not.toBe(before?.redo);
    } finally {
      await db.close();
    }
  }, 60_000);
});
