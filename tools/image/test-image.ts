// `npm run test:image`: builds the Dockerfile with buildah on a stand-in of its base image,
// then runs the server from the image on a fresh /data volume and checks what docs/deploy.md
// promises about it. Prints PASS/FAIL per check and exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';
import { chown, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Message, Session } from '@couple/protocol';
import { createUser, desire, pair, request } from '../../apps/server/test/helpers/api.js';
import { freePort } from '../../apps/server/test/faults/helpers/server-process.js';
import { openToOthers } from '../../apps/server/test/helpers/open-to-others.js';
import { CA_BUNDLE, buildah, command, imageConfig, imageDiskUse, logged } from './buildah.js';
import { baseImageOf, ensureBaseImage } from './base.js';
import { ImageContainer, uidsOf, waitFor, type RunningServer } from './container.js';
import { ensureTools } from './tools.js';
import { check, pass, seconds } from './report.js';
import { messageOf } from '../../apps/server/src/error-message.js';

const ROOT = resolve(import.meta.dirname, '../..');
const IMAGE = process.env.IMAGE_TEST_TAG ?? 'localhost/couple-desires:test';
const STOP_TIMEOUT_MS = 15_000;
const HEALTHY_WITHIN_MS = 90_000;
const started = Date.now();

async function build(logDir: string): Promise<void> {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const revision = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim();
  const args = ['--storage-driver', 'vfs', 'bud', '--isolation', 'chroot', '--format', 'docker'];
  args.push('--pull=never', '--volume', `${CA_BUNDLE}:${CA_BUNDLE}:ro`);
  args.push('--build-arg', `VERSION=${version}`, '--build-arg', `REVISION=${revision}`);
  if (process.env.IMAGE_TEST_LAYERS === '1') args.push('--layers');
  args.push('--tag', IMAGE, ROOT);
  await logged('buildah', args, join(logDir, 'build.log'), 45 * 60_000);
  // The image this tag named before is left untagged: each is a full copy on vfs storage. Only
  // housekeeping: a stage left by a failed build (its working container kept) must not fail this.
  await buildah(['rmi', '--prune'], 10 * 60_000).catch((error: unknown) =>
    console.log(`INFO untagged images kept: ${messageOf(error).split('\n')[0]}`),
  );
  const labels = (await imageConfig(IMAGE)).Labels ?? {};
  check(
    labels['org.opencontainers.image.version'] === version,
    `the image is labelled with version ${version}`,
  );
}

async function reportSizes(base: string, imageRoot: string): Promise<void> {
  const [baseBytes] = await imageDiskUse(base, ['/']);
  const paths = ['', '/app', '/app/node_modules', '/app/apps/server', '/app/apps/web/dist'];
  const du = async (path: string) =>
    Number((await command('du', ['-sxb', `${imageRoot}${path}`], 120_000)).split('\t')[0]);
  const [all, app, modules, server, web] = await Promise.all(paths.map(du));
  const mb = (bytes = 0) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`INFO base ${base}: ${mb(baseBytes)} on disk; image ${IMAGE}: ${mb(all)}`);
  console.log(
    `INFO added over the base: ${mb(all! - baseBytes!)} (/app ${mb(app)}: node_modules ` +
      `${mb(modules)}, apps/server ${mb(server)}, web dist ${mb(web)}; the rest is tini)`,
  );
}

async function stopGracefully(run: RunningServer, what: string): Promise<void> {
  const asked = Date.now();
  process.kill(run.initPid, 'SIGTERM');
  const timeout = new Promise<'timeout'>((done) => setTimeout(done, STOP_TIMEOUT_MS, 'timeout'));
  const code = await Promise.race([run.exited, timeout]);
  check(code === 0, `${what}: SIGTERM to the init stops the server with exit 0`, `got ${code}`);
  console.log(`INFO stopped ${seconds(asked)} after SIGTERM`);
}

async function startHealthy(container: ImageContainer, log: string): Promise<RunningServer> {
  const run = await container.start(log);
  const since = Date.now();
  await waitFor(() => container.healthCheck(), HEALTHY_WITHIN_MS, 'the HEALTHCHECK to pass');
  pass(`the image's HEALTHCHECK turns healthy (${seconds(since)} after start)`);
  return run;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'couple-image-test-'));
  console.log(`INFO logs in ${work}`);
  let container: ImageContainer | undefined;
  let run: RunningServer | undefined;
  try {
    await ensureTools();
    const base = await baseImageOf(join(ROOT, 'Dockerfile'));
    let since = Date.now();
    const made = await ensureBaseImage(base, work);
    console.log(`INFO base ${base} ${made ? `made in ${seconds(since)}` : 'already stored'}`);
    since = Date.now();
    // IMAGE_TEST_BUILD=0 reuses the stored image while working on the checks themselves.
    if (process.env.IMAGE_TEST_BUILD !== '0') await build(work);
    console.log(`INFO image built in ${seconds(since)}`);
    const config = await imageConfig(IMAGE);
    check(Boolean(config.Volumes?.['/data']), 'the image declares the /data volume');
    const user = config.User;
    check(user !== '' && user !== 'root' && user !== '0', `the image runs as user ${user}`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Loopback only on this machine; TINI_SUBREAPER stands for the PID 1 that buildah run's
    // shared PID namespace cannot give the init.
    const env = ['HOST=127.0.0.1', `PORT=${port}`, 'TINI_SUBREAPER=1'];
    const volume = join(work, 'data');
    container = await ImageContainer.create(IMAGE, config, volume, env);
    const root = await container.root();
    await reportSizes(base, root);

    // A named volume starts with the ownership of the image's /data; a fresh host directory
    // is handed over the same way.
    const [uid, gid] = await userIds(root, user);
    await mkdir(volume);
    await chown(volume, uid, gid);
    check(!(await container.healthCheck()), 'the HEALTHCHECK fails while no server runs');

    const log = join(work, 'server.log');
    run = await startHealthy(container, log);
    check(
      await container.healthCheck(['HOST=0.0.0.0']),
      'the HEALTHCHECK asks the loopback when HOST is the wildcard 0.0.0.0',
    );
    const [realUid, effectiveUid] = await uidsOf(run.serverPid);
    check(
      realUid === uid && effectiveUid === uid && uid !== 0,
      `the server process runs as uid ${uid}, not root`,
      `uids ${realUid}/${effectiveUid}`,
    );

    const alice = await createUser(url);
    const bob = await createUser(url);
    await pair(url, alice, bob);
    const sent = await request(url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ content: 'from the image' }),
    });
    check(sent.status === 201, 'a couple signs up, pairs and sends a desire', `${sent.status}`);
    const inbox = await request(url, 'GET', '/api/messages', { token: bob.token });
    const ids = ((inbox.body.messages ?? []) as Message[]).map((m) => m.id);
    check(ids.includes(sent.body.message!.id), 'the partner finds the desire in the inbox');

    const files = await readdir(volume, { recursive: true });
    const owners = new Set(
      await Promise.all(files.map(async (f) => (await stat(join(volume, f))).uid)),
    );
    check(
      files.length > 0 && owners.size === 1 && owners.has(uid),
      `the database in /data is written by uid ${uid} only`,
      `${files.length} files, owners ${[...owners]}`,
    );

    // The operator's commands of deploy.md, in the image: a backup the running server takes.
    const backup = await container.exec(['node', 'apps/server/dist/server/backup-cli.js']);
    const backupFile = /running server: \/data\/(backups\/couple-backup-\S+\.tar\.gz)/.exec(
      backup.output,
    )?.[1];
    check(
      backup.code === 0 && backupFile !== undefined,
      'the backup command in the container is answered by the running server',
      backup.output.trim(),
    );
    check(
      (await stat(join(volume, backupFile!))).uid === uid,
      `the backup file belongs to uid ${uid}`,
    );
    const shared = await openToOthers(volume);
    check(
      shared.length === 0,
      'nothing in /data (database, WAL, backups, socket) is open to group or others',
      shared.slice(0, 5).join(', '),
    );

    await stopGracefully(run, 'first start');
    run = undefined;

    const restore = await container.exec([
      'node',
      'apps/server/dist/server/restore-cli.js',
      `/data/${backupFile!}`,
    ]);
    check(
      restore.code === 0,
      'the restore command in the container puts the backup back',
      restore.output.trim(),
    );

    // A new container on the same volume, as after `docker rm` and `docker run` (an upgrade).
    await container.remove();
    container = await ImageContainer.create(IMAGE, config, volume, env);
    run = await startHealthy(container, log);
    const again = await request(url, 'GET', '/api/messages', { token: bob.token });
    const kept = ((again.body.messages ?? []) as Message[]).some(
      (m) => m.id === sent.body.message!.id,
    );
    check(
      kept,
      'after the restore and a restart on the same volume the desire is still in the inbox',
    );
    const login = await request<Session>(url, 'POST', '/api/auth/login', {
      body: { email: alice.email, password: alice.password },
    });
    check(
      login.status === 200,
      'after a restart the user signs in with the password',
      `${login.status} ${JSON.stringify(login.body)}`,
    );
    await stopGracefully(run, 'second start');
    run = undefined;

    console.log(`PASS the image test (${seconds(started)} in all)`);
    await rm(work, { recursive: true, force: true });
  } finally {
    if (run) process.kill(-run.child.pid!, 'SIGKILL');
    await container?.remove();
  }
}

/** The numeric uid and gid of the image's user, from its /etc/passwd. */
async function userIds(root: string, user: string): Promise<[number, number]> {
  const passwd = await readFile(join(root, 'etc/passwd'), 'utf8');
  const fields = passwd
    .split('\n')
    .find((line) => line.startsWith(`${user}:`))
    ?.split(':');
  if (!fields) throw new Error(`no user ${user} in the image`);
  return [Number(fields[2]), Number(fields[3])];
}

main().catch((error: unknown) => {
  console.log(`FAIL ${error instanceof Error ? error.message : String(error)}`);
  console.log(`INFO ${seconds(started)} in all`);
  process.exitCode = 1;
});
