import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIOUS_RELEASE } from '../../../tools/upgrade/previous-release.js';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { FROM_PREVIOUS_RELEASE, previousRelease } from '../src/db/migration-plan.js';
import { createTestDatabase, DRIVERS, type Driver, type TestDatabase } from './helpers/database.js';
import { asReleaseLeftIt, commitAdding, writeMigrationsOf } from './helpers/previous-release.js';
import { describeSchema } from './helpers/schema-catalog.js';

const work = await mkdtemp(join(tmpdir(), 'couple-baseline-'));
const releaseDir = join(work, 'previous-release');
await writeMigrationsOf(PREVIOUS_RELEASE, releaseDir);
const release = await previousRelease(MIGRATIONS_DIR);
const kept = release?.kept ?? [];
const [baseline] = await migrationFiles();
const short = PREVIOUS_RELEASE.slice(0, 7);

afterAll(() => rm(work, { recursive: true, force: true }));

describe(`migrations/${FROM_PREVIOUS_RELEASE}`, () => {
  it('is kept only while PREVIOUS_RELEASE is the release it is for', () => {
    if (release === undefined) return;
    expect(
      release.commit,
      `PREVIOUS_RELEASE moved: delete migrations/${FROM_PREVIOUS_RELEASE} (CONTRIBUTING.md, "At a release")`,
    ).toBe(PREVIOUS_RELEASE);
  });

  it("names the migrations that release's databases have", async () => {
    if (release === undefined) return;
    expect(release.migrations).toEqual(await migrationFiles(releaseDir));
  });
});

/** An empty database migrated with the migrations folder of `commit`, as that build left it. */
async function databaseAt(driver: Driver, commit: string): Promise<TestDatabase> {
  const dir = join(work, `${driver}-${commit}`);
  await writeMigrationsOf(commit, dir);
  const database = await createTestDatabase(driver, undefined, dir);
  await asReleaseLeftIt(database.db, dir);
  return database;
}

describe.each(DRIVERS)('a new database and upgraded ones on %s', (driver) => {
  let fresh: TestDatabase;
  let expected: string[];
  let previous: TestDatabase;

  beforeAll(async () => {
    fresh = await createTestDatabase(driver, undefined, MIGRATIONS_DIR);
    expected = await describeSchema(fresh.db);
    previous = await databaseAt(driver, PREVIOUS_RELEASE);
  }, 180_000);
  afterAll(async () => {
    await fresh?.drop();
    await previous?.drop();
  });

  it('a new one records the baseline alone', () => {
    expect(expected.filter((line) => line.startsWith('migration '))).toEqual([
      `migration ${baseline}`,
    ]);
  });

  it.skipIf(release === undefined)(`refuse one older than ${short}, changing nothing`, async () => {
    const last = release!.migrations.at(-1)!;
    await previous.db.query('DELETE FROM schema_migrations WHERE version = $1', [last]);
    const before = await describeSchema(previous.db);
    await expect(migrate(previous.db)).rejects.toThrow(
      `The database was migrated by a version older than release ${short}, the oldest this ` +
        `version upgrades from (it lacks ${last}): start release ${short} on it once`,
    );
    expect(await describeSchema(previous.db)).toEqual(before);
    await previous.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [last]);
  });

  it(`end identical, from the previous release (${short})`, async () => {
    const ran = await migrate(previous.db);
    // Once the folder is gone, the previous release has the baseline and applies what follows.
    if (release) expect(ran).toEqual([...kept, baseline]);
    expect(await describeSchema(previous.db)).toEqual(expected);
  });

  // The first and the last state of main between that release and the baseline.
  it.each([...new Set([kept[0], kept.at(-1)])].filter((file) => file !== undefined))(
    'end identical, from main as the commit adding %s left it',
    async (file) => {
      const database = await databaseAt(driver, await commitAdding(file));
      try {
        expect(await migrate(database.db)).toEqual([
          ...kept.slice(kept.indexOf(file) + 1),
          baseline,
        ]);
        expect(await describeSchema(database.db)).toEqual(expected);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
