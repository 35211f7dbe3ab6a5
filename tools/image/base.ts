// A stand-in for the Dockerfile's base image (node:<major>-trixie-slim), for machines that reach
// Debian's packages and the npm registry but no image registry: Debian trixie (minbase), the
// `node` user (uid and gid 1000, home /home/node), and in /usr/local, as in the official image,
// that Node line's official binary (the registry's node-linux-<arch> package; Debian has only 20)
// and npm. It is tagged with the exact name the Dockerfile's FROM lines use, so that every step
// of the Dockerfile itself runs unchanged on top of it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CA_BUNDLE, buildah, imageExists, logged } from './buildah.js';

const APT_SOURCES = '/etc/apt/sources.list.d';
const SUITE = 'trixie';
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** The npm the official images of the current Node lines ship. */
const NPM_LINE = 11;
/**
 * Debian packages beside minbase: the official Node binary links libatomic (from Node 23 on),
 * which the official slim images install for it.
 */
const INCLUDE = ['libatomic1'];
export const RECIPE_LABEL = 'couple.stand-in-recipe';

/** The image every stage of the Dockerfile starts from, as buildah stores a short name. */
export async function baseImageOf(dockerfile: string): Promise<string> {
  const froms = [
    ...(await readFile(dockerfile, 'utf8')).matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim),
  ];
  // A FROM naming an earlier stage builds on that stage, not on an image.
  const stages = new Set(froms.map((match) => match[2]?.toLowerCase()));
  const bases = [
    ...new Set(froms.map((match) => match[1]!).filter((name) => !stages.has(name.toLowerCase()))),
  ];
  if (bases.length !== 1) throw new Error(`expected one base image in ${dockerfile}: ${bases}`);
  const base = bases[0]!;
  return base.includes('/') ? base : `docker.io/library/${base}`;
}

/** The official image's user, and Node and npm unpacked in `packages` put where it has them. */
function customizeHook(packages: string): string {
  return [
    'echo "node:x:1000:1000::/home/node:/bin/bash" >> "$1/etc/passwd"',
    'echo "node:x:1000:" >> "$1/etc/group"',
    'echo "node:*:20000:0:99999:7:::" >> "$1/etc/shadow"',
    'mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"',
    `install -m 0755 ${packages}/node/bin/node "$1/usr/local/bin/node"`,
    'mkdir -p "$1/usr/local/lib/node_modules"',
    `cp -a ${packages}/npm "$1/usr/local/lib/node_modules/npm"`,
    'ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    'ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    // The official binary trusts only its own CAs: npm in a build is pointed at the bundle the
    // test mounts there (Debian's nodejs read the system store by itself).
    `mkdir -p "$1/usr/local/etc" && echo "cafile=${CA_BUNDLE}" > "$1/usr/local/etc/npmrc"`,
    'rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
  ].join(' && ');
}

/** The Node line a base image's tag names: `node:26-trixie-slim` is 26. */
function nodeLineOf(image: string): number {
  const line = /\/node:(\d+)-/.exec(image)?.[1];
  if (!line) throw new Error(`${image} names no Node line (node:<major>-…)`);
  return Number(line);
}

/** `spec` from the npm registry, unpacked into `dir` (its `package/` folder's content). */
async function unpackFromRegistry(spec: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
    timeout: 5 * 60_000,
  }).trim();
  execFileSync('tar', ['-xzf', join(dir, file), '-C', dir, '--strip-components=1']);
  await rm(join(dir, file));
}

/**
 * The Debian archive this machine's apt uses (its deb822 `.sources` or one-line `.list` files),
 * so the stand-in comes from the same place as the machine's own packages.
 */
export async function hostDebianMirror(): Promise<string> {
  const names = (await readdir(APT_SOURCES).catch(() => [] as string[]))
    .filter((name) => /\.(sources|list)$/.test(name))
    .map((name) => join(APT_SOURCES, name));
  for (const file of ['/etc/apt/sources.list', ...names]) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const uri = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(\S+\/debian)\/?(?:\s|$)/m.exec(text)?.[1];
    if (uri) return uri;
  }
  throw new Error('no Debian archive in the apt sources of this machine: mmdebstrap needs one');
}

/** What the stand-in is made of: a stored one made by another recipe is made again. */
export function baseRecipeOf(name: string): string {
  const recipe = [name, NPM_LINE, INCLUDE.join(','), customizeHook('PACKAGES')].join('\n');
  return createHash('sha256').update(recipe).digest('hex').slice(0, 16);
}

/** The recipe label of the stored image of that name, if there is one. */
async function storedRecipe(name: string): Promise<string | undefined> {
  if (!(await imageExists(name))) return undefined;
  const inspected = JSON.parse(await buildah(['inspect', '--type', 'image', name], 30_000)) as {
    OCIv1?: { config?: { Labels?: Record<string, string> } };
  };
  return inspected.OCIv1?.config?.Labels?.[RECIPE_LABEL] ?? 'none';
}

/** Makes the stand-in unless one of that name and recipe is stored; true when it made one. */
export async function ensureBaseImage(name: string, logDir: string): Promise<boolean> {
  const recipe = baseRecipeOf(name);
  const stored = await storedRecipe(name);
  if (stored === recipe) return false;
  if (stored !== undefined) await buildah(['rmi', '--force', name], 5 * 60_000);
  const work = await mkdtemp(join(tmpdir(), 'couple-base-'));
  const tarball = join(work, 'rootfs.tar');
  try {
    const packages = join(work, 'packages');
    await unpackFromRegistry(
      `node-linux-${process.arch}@${nodeLineOf(name)}`,
      join(packages, 'node'),
    );
    await unpackFromRegistry(`npm@${NPM_LINE}`, join(packages, 'npm'));
    const hook = `--customize-hook=${customizeHook(packages)}`;
    const mirror = await hostDebianMirror();
    const args = [
      '--variant=minbase',
      `--include=${INCLUDE.join(',')}`,
      hook,
      SUITE,
      tarball,
      mirror,
    ];
    await logged('mmdebstrap', args, join(logDir, 'mmdebstrap.log'), 15 * 60_000);
    const container = await buildah(['from', 'scratch']);
    try {
      await buildah(['add', container, tarball, '/'], 10 * 60_000);
      await buildah([
        'config',
        ...['--env', `PATH=${PATH}`, '--cmd', 'node', '--label', `${RECIPE_LABEL}=${recipe}`],
        container,
      ]);
      await buildah(['commit', container, name], 10 * 60_000);
    } finally {
      await buildah(['rm', container]).catch(() => undefined);
    }
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
