import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPGlite } from './engine.js';

const SETTINGS = `SELECT name, setting, unit FROM pg_settings
  WHERE name IN ('shared_buffers', 'fsync', 'wal_sync_method') ORDER BY name`;

describe('createPGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engine-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // shared_buffers is zeroed in PGlite's WebAssembly heap, which never shrinks: it is the
  // largest part of the server's resident memory (initdb's default is 128 MB).
  it.each([
    ['in memory', undefined, { fsync: 'off', wal_sync_method: 'fdatasync' }],
    ['on disk', dataDir, { fsync: 'on', wal_sync_method: 'fsync' }],
  ])(
    'keeps 16 MB of shared buffers %s, durability unchanged',
    async (_, dir, durability) => {
      const pg = await createPGlite(dir);
      try {
        const { rows } = await pg.query<{ name: string; setting: string; unit: string | null }>(
          SETTINGS,
        );
        expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({
          shared_buffers: '2048',
          ...durability,
        });
        expect(rows.find((row) => row.name === 'shared_buffers')?.unit).toBe('8kB');
      } finally {
        await pg.close();
      }
    },
    60_000,
  );
});
