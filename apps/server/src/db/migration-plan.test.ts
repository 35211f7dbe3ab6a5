import { describe, expect, it } from 'vitest';
import { checkMigrations } from '../backup/restore-pglite.js';
import type { BackupManifest } from '../backup/archive.js';
import { MIGRATIONS_DIR, migrationFiles } from './migrate.js';
import {
  DatabaseTooNewError,
  DatabaseTooOldError,
  planMigrations,
  previousRelease,
  type PreviousRelease,
} from './migration-plan.js';

const FILES = ['000_baseline_037.sql', '038_next.sql'];
const RELEASE: PreviousRelease = {
  commit: 'fad5941542e52839abd508930cd2babb6d21c1af',
  migrations: ['001_schema.sql', '002_rls.sql', '028_thoughts.sql'],
  kept: ['029_shape.sql', '037_backups.sql'],
};
const plan = (applied: string[]) => planMigrations(FILES, RELEASE, applied);

describe('planMigrations', () => {
  it('applies every file to a new database, the baseline first', () => {
    expect(plan([])).toEqual({ kept: [], numbered: FILES });
  });

  it('applies what a database on the baseline lacks', () => {
    expect(plan(['000_baseline_037.sql'])).toEqual({ kept: [], numbered: ['038_next.sql'] });
    expect(plan(FILES)).toEqual({ kept: [], numbered: [] });
  });

  it('brings a database of the previous release, or of main after it, to the baseline', () => {
    expect(plan(RELEASE.migrations)).toEqual({
      kept: RELEASE.kept,
      recordBaseline: '000_baseline_037.sql',
      numbered: ['038_next.sql'],
    });
    expect(plan([...RELEASE.migrations, ...RELEASE.kept])).toEqual({
      kept: [],
      recordBaseline: '000_baseline_037.sql',
      numbered: ['038_next.sql'],
    });
  });

  it('refuses a database with a migration it does not know as newer', () => {
    for (const applied of [
      ['000_baseline_037.sql', '039_later.sql'],
      [...RELEASE.migrations, '040_later.sql'],
      ['000_baseline_052.sql'],
    ]) {
      expect(() => plan(applied)).toThrow(DatabaseTooNewError);
    }
    expect(() => plan(['000_baseline_037.sql', '039_later.sql'])).toThrow(
      'The database was migrated by a newer version of this app (it has 039_later.sql, which this version does not know)',
    );
  });

  it('refuses a database older than the previous release, naming what it lacks', () => {
    expect(() => plan(['001_schema.sql'])).toThrow(DatabaseTooOldError);
    expect(() => plan(['001_schema.sql', '002_rls.sql'])).toThrow(
      'The database was migrated by a version older than release fad5941, the oldest this version upgrades from (it lacks 028_thoughts.sql): start release fad5941 on it once',
    );
    // Once the folder is gone, the previous release's databases are the older ones.
    expect(() => planMigrations(FILES, undefined, RELEASE.migrations)).toThrow(
      'The database was migrated by a version older than the previous release, the oldest this version upgrades from (it lacks 000_baseline_037.sql)',
    );
  });
});

describe("this build's migrations", () => {
  it('start with a baseline; a kept folder holds only files after what its release applied', async () => {
    const [first] = await migrationFiles();
    expect(first).toMatch(/^000_baseline_\d{3}\.sql$/);
    const release = await previousRelease(MIGRATIONS_DIR);
    for (const name of release?.kept ?? []) {
      expect(name > release!.migrations.at(-1)!).toBe(true);
    }
  });

  it('refuse to restore a backup this build cannot start on, saying why', async () => {
    const files = await migrationFiles();
    const manifest = (migrations: string[]) => ({ migrations }) as BackupManifest;
    await expect(checkMigrations(manifest(files))).resolves.toBeUndefined();
    await expect(checkMigrations(manifest([...files, '999_x.sql']))).rejects.toThrow(
      'the backup was made by a newer version of this app (it has 999_x.sql)',
    );
    await expect(checkMigrations(manifest(['001_schema.sql']))).rejects.toThrow(
      /^the backup is older than .*, the oldest this version upgrades from \(it lacks /,
    );
  });
});
