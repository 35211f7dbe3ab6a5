// A stand-in for the Dockerfile's base image (node:20-trixie-slim), for machines that reach
// Debian's packages but no image registry: Debian trixie (minbase) with Debian's nodejs and npm,
// the `node` user (uid and gid 1000, home /home/node) and node in /usr/local/bin, as in the
// official image. It is tagged with the exact name the Dockerfile's FROM lines use, so that
// every step of the Dockerfile itself runs unchanged on top of it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildah, imageExists, logged } from './buildah.js';

const MIRROR = 'http://deb.debian.org/debian';
const SUITE = 'trixie';
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The image every stage of the Dockerfile starts from, as buildah stores a short name. */
export async function baseImageOf(dockerfile: string): Promise<string> {
  const names = [...(await readFile(dockerfile, 'utf8')).matchAll(/^FROM\s+(\S+)/gim)].map(
    (match) => match[1]!,
  );
  const bases = [...new Set(names)];
  if (bases.length !== 1) throw new Error(`expected one base image in ${dockerfile}: ${bases}`);
  const base = bases[0]!;
  return base.includes('/') ? base : `docker.io/library/${base}`;
}

const USER_HOOK = [
  'echo "node:x:1000:1000::/home/node:/bin/bash" >> "$1/etc/passwd"',
  'echo "node:x:1000:" >> "$1/etc/group"',
  'echo "node:*:20000:0:99999:7:::" >> "$1/etc/shadow"',
  'mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"',
  'ln -sf /usr/bin/node "$1/usr/local/bin/node"',
  'ln -sf /usr/bin/npm "$1/usr/local/bin/npm"',
  'rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
].join(' && ');

/** Makes the stand-in unless an image of that name is already stored; true when it made one. */
export async function ensureBaseImage(name: string, logDir: string): Promise<boolean> {
  if (await imageExists(name)) return false;
  const work = await mkdtemp(join(tmpdir(), 'couple-base-'));
  const tarball = join(work, 'rootfs.tar');
  try {
    const include = '--include=nodejs,npm';
    const hook = `--customize-hook=${USER_HOOK}`;
    const args = ['--variant=minbase', include, hook, SUITE, tarball, MIRROR];
    await logged('mmdebstrap', args, join(logDir, 'mmdebstrap.log'), 15 * 60_000);
    const container = await buildah(['from', 'scratch']);
    try {
      await buildah(['add', container, tarball, '/'], 10 * 60_000);
      await buildah(['config', '--env', `PATH=${PATH}`, '--cmd', 'node', container]);
      await buildah(['commit', container, name], 10 * 60_000);
    } finally {
      await buildah(['rm', container]).catch(() => undefined);
    }
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
