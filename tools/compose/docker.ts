// Docker and Compose v2 for the compose test, from Debian's packages only: `docker.io` (this
// machine's Debian), its daemon started without iptables rules (the sandbox has no netfilter to
// give), and the Compose v2 plugin of Debian trixie's `docker-compose`, taken out of a trixie
// tree that mmdebstrap makes once and keeps in the cache.
import { spawn } from 'node:child_process';
import { access, copyFile, mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { command, logged } from '../image/buildah.js';
import { hostDebianMirror } from '../image/base.js';
import { waitFor } from '../image/container.js';
import { ensureTools } from '../image/tools.js';

const PLUGIN_IN_PACKAGE = 'usr/libexec/docker/cli-plugins/docker-compose';
const PLUGIN_DIR = join(homedir(), '.docker', 'cli-plugins');
const DAEMON_LOG = join(tmpdir(), 'couple-dockerd.log');

export function docker(args: string[], timeoutMs = 120_000): Promise<string> {
  return command('docker', args, timeoutMs);
}

async function daemonAnswers(): Promise<boolean> {
  return docker(['info', '--format', '{{.ServerVersion}}'], 20_000).then(
    () => true,
    () => false,
  );
}

/** A running Docker daemon: this machine's, or one started here that outlives the test. */
async function ensureDaemon(): Promise<void> {
  if (await daemonAnswers()) return;
  console.log(`INFO starting dockerd (log: ${DAEMON_LOG})`);
  const log = await open(DAEMON_LOG, 'a');
  const daemon = spawn('dockerd', ['--iptables=false', '--ip6tables=false'], {
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
  });
  daemon.unref();
  await log.close();
  await waitFor(() => daemonAnswers(), 60_000, 'dockerd to answer');
}

async function composeAnswers(): Promise<boolean> {
  return docker(['compose', 'version'], 20_000).then(
    () => true,
    () => false,
  );
}

/** The Compose v2 plugin where the docker CLI looks for a user's plugins. */
async function ensureComposePlugin(logDir: string): Promise<void> {
  if (await composeAnswers()) return;
  const cached = join(homedir(), '.cache', 'couple-compose', 'docker-compose');
  const have = await access(cached).then(
    () => true,
    () => false,
  );
  if (!have) {
    console.log("INFO taking the Compose v2 plugin from Debian trixie's docker-compose");
    const work = await mkdtemp(join(tmpdir(), 'couple-compose-plugin-'));
    try {
      const tree = join(work, 'tree.tar');
      const args = ['--variant=essential', '--include=docker-compose', 'trixie', tree];
      await logged(
        'mmdebstrap',
        [...args, await hostDebianMirror()],
        join(logDir, 'plugin.log'),
        15 * 60_000,
      );
      await command('tar', ['-xf', tree, '-C', work, `./${PLUGIN_IN_PACKAGE}`], 60_000);
      await mkdir(join(cached, '..'), { recursive: true });
      await copyFile(join(work, PLUGIN_IN_PACKAGE), cached);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  await mkdir(PLUGIN_DIR, { recursive: true });
  await copyFile(cached, join(PLUGIN_DIR, 'docker-compose'));
  await command('chmod', ['0755', join(PLUGIN_DIR, 'docker-compose')], 10_000);
  if (!(await composeAnswers())) throw new Error('docker compose does not run after installing');
}

export async function ensureDocker(logDir: string): Promise<string> {
  await ensureTools([
    ['buildah', 'buildah'],
    ['mmdebstrap', 'mmdebstrap'],
    ['dockerd', 'docker.io'],
  ]);
  await ensureDaemon();
  await ensureComposePlugin(logDir);
  const server = await docker(['info', '--format', '{{.ServerVersion}}']);
  return `Docker ${server}, ${await docker(['compose', 'version', '--short'])}`;
}
