import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Database } from '../../src/db/types.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

/** apps/server/migrations as `commit` had it, written into dir (from git: CI clones the repo). */
export async function writeMigrationsOf(commit: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const archive = join(dir, '.migrations.tar');
  await run('git', ['-C', ROOT, 'archive', '-o', archive, commit, 'apps/server/migrations']).catch(
    (error: unknown) => {
      throw new Error(
        `${commit} is not in this clone (a shallow clone lacks it: git fetch --unshallow): ${String(error)}`,
      );
    },
  );
  await run('tar', ['-xf', archive, '-C', dir, '--strip-components', '3']);
  await rm(archive);
}

/** The commit that added apps/server/migrations/name: the first state of main that had it. */
export async function commitAdding(name: string): Promise<string> {
  const { stdout } = await run('git', [
    '-C',
    ROOT,
    'log',
    '-1',
    '--diff-filter=A',
    '--format=%H',
    '--',
    `apps/server/migrations/${name}`,
  ]);
  if (!stdout.trim()) throw new Error(`no commit adds migrations/${name} in this clone`);
  return stdout.trim();
}

/**
 * After migrate(db, dir) on an empty database, dir holding a release's migrations folder: what
 * that release left (a release without repeatable files had no schema_repeatable table either).
 */
export async function asReleaseLeftIt(db: Database, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'repeatable'))) await db.exec('DROP TABLE schema_repeatable');
}
