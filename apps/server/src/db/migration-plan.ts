import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.js';

/**
 * The numbered files a database of the previous release still needs to reach the baseline, and
 * release.json naming that release (CONTRIBUTING.md, "Database changes"). Deleted when the release
 * that follows the baseline becomes the previous one: baseline-schema.test.ts fails until then.
 */
export const FROM_PREVIOUS_RELEASE = 'from-previous-release';

/** `000_baseline_037.sql`: the schema of every migration up to 037, for a new database. */
const BASELINE = /^000_baseline_(\d+)\.sql$/;
const NUMBERED = /^(\d+)_.+\.sql$/;

export interface PreviousRelease {
  /** Its commit: tools/upgrade/previous-release.ts PREVIOUS_RELEASE while the folder is kept. */
  commit: string;
  /** schema_migrations of a database that release migrated. */
  migrations: string[];
  /** The folder's numbered files, in order, each applied once before the baseline is recorded. */
  kept: string[];
}

/** The database was migrated by a newer build: starting on it could corrupt it. */
export class DatabaseTooNewError extends ConfigError {
  constructor(readonly unknown: string[]) {
    super(
      `The database was migrated by a newer version of this app (it has ${unknown.join(', ')}, ` +
        'which this version does not know): run that version or newer, or restore a backup ' +
        'taken before the upgrade (npm run restore -- FILE).',
    );
  }
}

/** The database is older than the release this build upgrades from. */
export class DatabaseTooOldError extends ConfigError {
  constructor(
    readonly missing: string[],
    readonly release: string | undefined,
  ) {
    const from = release ? `release ${release.slice(0, 7)}` : 'the previous release';
    super(
      `The database was migrated by a version older than ${from}, the oldest this version ` +
        `upgrades from (it lacks ${missing.join(', ')}): start ${from} on it once (it migrates ` +
        'the database), then this version (docs/deploy.md, "Upgrades").',
    );
  }
}

/** The numbered .sql files directly in dir, in order; none when it does not exist. */
export async function numberedFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => NUMBERED.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** What dir/from-previous-release holds; undefined when there is no such folder. */
export async function previousRelease(dir: string): Promise<PreviousRelease | undefined> {
  const folder = join(dir, FROM_PREVIOUS_RELEASE);
  let text: string;
  try {
    text = await readFile(join(folder, 'release.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { commit, migrations } = JSON.parse(text) as Omit<PreviousRelease, 'kept'>;
  return { commit, migrations, kept: await numberedFiles(folder) };
}

export interface MigrationPlan {
  /** Files of from-previous-release/ to apply first, in order (a previous-release database). */
  kept: string[];
  /** The baseline, recorded in place of the old rows, not applied: the kept files reached it. */
  recordBaseline?: string;
  /** This build's numbered files to apply, in order (the baseline first on a new database). */
  numbered: string[];
}

/** How far a migration brings the schema: its number, or the last one a baseline stands for. */
const reach = (name: string) => Number((BASELINE.exec(name) ?? NUMBERED.exec(name))?.[1] ?? 0);
const furthest = (names: string[]) => Math.max(0, ...names.map(reach));

/**
 * What a database whose schema_migrations holds `applied` needs, from this build's numbered
 * files and previous release. Throws DatabaseTooNewError when it was migrated by a newer build,
 * DatabaseTooOldError when it is older than the previous release.
 */
export function planMigrations(
  files: string[],
  release: PreviousRelease | undefined,
  applied: string[],
): MigrationPlan {
  const baseline = files.find((name) => BASELINE.test(name));
  const pending = files.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !files.includes(name));
  if (unknown.length === 0) return { kept: [], numbered: pending };
  if (baseline === undefined || applied.includes(baseline)) throw new DatabaseTooNewError(unknown);
  const oldLine = [...(release?.migrations ?? []), ...(release?.kept ?? [])];
  const strangers = applied.filter((name) => !oldLine.includes(name));
  if (strangers.length > 0 && furthest(strangers) > furthest([...files, ...oldLine])) {
    throw new DatabaseTooNewError(strangers);
  }
  const missing = release?.migrations.filter((name) => !applied.includes(name)) ?? [baseline];
  if (release === undefined || strangers.length > 0 || missing.length > 0) {
    throw new DatabaseTooOldError(missing.length > 0 ? missing : [baseline], release?.commit);
  }
  return {
    kept: release.kept.filter((name) => !applied.includes(name)),
    recordBaseline: baseline,
    numbered: pending.filter((name) => name !== baseline),
  };
}
