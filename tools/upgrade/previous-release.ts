// The release `npm run test:upgrade` upgrades from, built once and kept in the user's cache.
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { command, logged } from '../image/buildah.js';

/**
 * The commit of the previous release: the last one before issue 30's SQL (migrations 029 and 033,
 * the repeatable functions, send_desire_as_v2), whose instances the first new one must leave
 * working. The project has no tags: at each release, when a release stops supporting the one
 * before (a versioned migration removes what it used), set this to the commit of the release
 * just shipped (`git rev-parse HEAD` when it was cut), so the test always upgrades from the
 * release that production runs. Moving it past the baseline schema also deletes
 * apps/server/migrations/from-previous-release, which is for this commit only
 * (baseline-schema.test.ts fails until then; CONTRIBUTING.md, "At a release").
 */
export const PREVIOUS_RELEASE = 'fad5941542e52839abd508930cd2babb6d21c1af';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Whether that release still fans out the desires it stores while it closes. Before d40cedc (and
 * its parent, which made the close wait for the sends taken) an instance stopped its live fan-out
 * as it began to close, then finished the sends in flight: they were stored and acknowledged, but
 * never came live to their receiver on another instance (the inbox has them).
 */
export async function fansOutWhileClosing(commit: string): Promise<boolean> {
  return command(
    'git',
    ['-C', ROOT, 'merge-base', '--is-ancestor', 'd40cedc', commit],
    30_000,
  ).then(
    () => true,
    () => false,
  );
}
const PREPARE_TIMEOUT_MS = 20 * 60_000;

/** The folder of a prepared release: one per commit and Node line (native modules, npm's lock). */
function cacheDirOf(commit: string): string {
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  const line = process.versions.node.split('.')[0];
  return join(cache, 'couple-upgrade', `${commit}-node${line}`);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Preparations left half done by runs that were stopped (each is a few hundred MB). */
async function removeAbandoned(dir: string): Promise<void> {
  const prefix = `${basename(dir)}.partial-`;
  for (const name of await readdir(dirname(dir)).catch(() => [])) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && !running(pid)) {
      await rm(join(dirname(dir), name), { recursive: true, force: true });
    }
  }
}

/**
 * A checkout of `commit` with its dependencies installed and its server built the way that
 * commit's own scripts build it (`npm ci`, `npm run build -w @couple/server`), ready to run
 * `node apps/server/dist/server/main.js`. Made once: the folder is renamed into place only when
 * complete, so an interrupted preparation is simply made again.
 */
export async function preparedRelease(
  commit: string,
  log: (line: string) => void,
): Promise<string> {
  const dir = cacheDirOf(commit);
  if (await exists(join(dir, 'apps/server/dist/server/main.js'))) return dir;
  log(`INFO preparing ${commit} in ${dir} (once: npm ci and the server build)`);
  await removeAbandoned(dir);
  const staging = `${dir}.partial-${process.pid}`;
  await mkdir(staging, { recursive: true });
  const archive = join(staging, 'release.tar');
  await command('git', ['-C', ROOT, 'archive', '--output', archive, commit], 120_000).catch(
    (error: unknown) => {
      throw new Error(
        `${commit} is not in this clone (a shallow clone lacks it: git fetch --unshallow): ${String(error)}`,
      );
    },
  );
  await command('tar', ['-xf', archive, '-C', staging], 120_000);
  await rm(archive);
  const install = join(staging, 'npm-ci.log');
  await logged('npm', ['ci', '--no-audit', '--no-fund'], install, PREPARE_TIMEOUT_MS, staging);
  const build = join(staging, 'build.log');
  await logged('npm', ['run', 'build', '-w', '@couple/server'], build, 120_000, staging);
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another run prepared it meanwhile: keep theirs.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(staging, { recursive: true, force: true });
  });
  return dir;
}
