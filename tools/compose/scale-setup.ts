// compose.scale.yaml on top of compose.yaml, as docs/deploy.md has users run it: two instances on
// PostgreSQL and Valkey behind Caddy, started the one plain way (COMPOSE_FILE naming both files,
// as the .env of deploy.md does) after moving the default setup's data there. Then each instance
// is stopped and started again in turn while a couple keeps sending and listening through Caddy.
import { randomUUID } from 'node:crypto';
import type { Session } from '@couple/protocol';
import { createUser, desire, pair, request } from '../../apps/server/test/helpers/api.js';
import { connectLive, emitWithAck, nextEvent } from '../../apps/server/test/helpers/live-client.js';
import { freePort } from '../../apps/server/test/faults/helpers/server-process.js';
import { waitFor } from '../image/container.js';
import { check, pass, seconds } from '../image/report.js';
import { inboxIds, startSender, watchSocket, type WatchedSocket } from './clients.js';
import type { Couple } from './default-setup.js';
import { docker } from './docker.js';
import { ComposeProject } from './project.js';

const INSTANCES = ['app-1', 'app-2'];
const HEALTHY_WITHIN_MS = 240_000;
const RECONNECT_WITHIN_MS = 60_000;

async function crossInstanceDelivery(project: ComposeProject, proxy: string): Promise<void> {
  const alice = await createUser(proxy);
  const bob = await createUser(proxy);
  await pair(proxy, alice, bob);
  const [first, second] = await Promise.all(INSTANCES.map((name) => project.addressOf(name)));
  const onFirst = await connectLive(`http://${first}:3000`, alice.token);
  const onSecond = await connectLive(`http://${second}:3000`, bob.token);
  try {
    const heard = nextEvent(onSecond, 'new_message', 15_000);
    const id = randomUUID();
    const ack = await emitWithAck(onFirst, 'send_message', desire({ id }));
    check(ack.ok, 'a desire sent through a socket on app-1 is acknowledged', JSON.stringify(ack));
    check((await heard).id === id, "it arrives on the partner's socket on app-2");
  } finally {
    onFirst.close();
    onSecond.close();
  }
}

function connected(watched: WatchedSocket[]): boolean {
  return watched.every((w) => w.socket.connected);
}

/** Each instance in turn: stopped while the couple sends and listens, then started again. */
async function rollingRestart(project: ComposeProject, proxy: string): Promise<void> {
  const alice = await createUser(proxy);
  const bob = await createUser(proxy);
  await pair(proxy, alice, bob);
  const sockets = [watchSocket(proxy, alice.token), watchSocket(proxy, bob.token)];
  const listener = sockets[1]!;
  await waitFor(async () => connected(sockets), 30_000, 'both sockets to connect through Caddy');
  const sender = startSender(proxy, alice.token);
  let failure: unknown;
  try {
    for (const instance of INSTANCES) {
      const before = sockets.map((w) => w.disconnects);
      const acknowledged = sender.report.acknowledged.length;
      const since = Date.now();
      await project.compose(['stop', instance], 120_000);
      pass(`${instance} stopped gracefully while desires were being sent (${seconds(since)})`);
      // Clients that were on it come back through Caddy to the other instance.
      await waitFor(
        async () => connected(sockets),
        RECONNECT_WITHIN_MS,
        'the sockets to reconnect',
      );
      await waitFor(
        async () => sender.report.acknowledged.length > acknowledged + 2,
        RECONNECT_WITHIN_MS,
        `desires to be acknowledged with ${instance} stopped`,
      );
      const moved = sockets.filter((w, index) => w.disconnects > before[index]!).length;
      pass(
        `with ${instance} stopped, sending goes on; ${moved} of 2 sockets were on it and reconnected`,
      );
      await project.compose(['start', instance], 120_000);
      await project.waitHealthy([instance], HEALTHY_WITHIN_MS);
      pass(`${instance} started again and turned healthy`);
    }
  } catch (error) {
    failure = error;
  }
  const report = await sender.stop();
  if (failure) throw failure;
  check(
    sockets.every((w) => w.disconnects >= 1 && w.socket.connected),
    'every socket was moved by a stop at least once and is connected now',
    sockets.map((w) => `${w.disconnects} disconnects, connected ${w.socket.connected}`).join('; '),
  );
  const last = randomUUID();
  const ack = await emitWithAck(sockets[0]!.socket, 'send_message', desire({ id: last }));
  await waitFor(async () => listener.heard.has(last), 15_000, 'the last desire to arrive live');
  check(ack.ok, 'after the restarts a desire sent through a socket arrives live through Caddy');

  const retried = [...report.retried].map(([kind, n]) => `${n}× ${kind}`).join(', ') || 'none';
  // The instances drain before they close (SHUTDOWN_DRAIN_SECONDS), so Caddy has moved on and
  // cuts nothing: a proxy's 502 or a lost connection here is a regression, even though the
  // sender (as the web app's outbox) sent it again.
  const unexpected = [...report.retried.keys()].filter(
    (kind) => !/^503 (server_busy|service_unavailable)$/.test(kind),
  );
  check(
    report.refused.length === 0 && unexpected.length === 0,
    `no send failed but with a retryable refusal (${report.acknowledged.length} acknowledged; ` +
      `retried: ${retried})`,
    [...report.refused, ...unexpected].join('; '),
  );
  const inbox = await inboxIds(proxy, bob.token);
  const missing = report.acknowledged.filter((id) => !inbox.includes(id));
  const repeated = inbox.filter((id, index) => inbox.indexOf(id) !== index);
  check(
    missing.length === 0 && repeated.length === 0,
    `every acknowledged desire is in the inbox exactly once (${report.acknowledged.length})`,
    `missing ${missing.length}, repeated ${repeated.length}`,
  );
  const heardTwice = [...listener.heard].filter(([, times]) => times > 1);
  check(heardTwice.length === 0, 'no desire arrived live twice', JSON.stringify(heardTwice));
  for (const w of sockets) w.socket.close();
}

/** The containers of the project, by service, whatever files a command names. */
async function servicesWithContainers(project: ComposeProject): Promise<string[]> {
  const label = `label=com.docker.compose.project=${project.name}`;
  const format = '{{.Label "com.docker.compose.service"}}';
  const names = await docker(['ps', '--all', '--filter', label, '--format', format]);
  return names.split('\n').filter(Boolean).sort();
}

/** docs/deploy.md's move of the default setup's PGlite data into the scale setup's PostgreSQL. */
async function moveToPostgres(
  project: ComposeProject,
  password: string,
  proxy: string,
  moved: Couple,
): Promise<void> {
  await project.compose(['up', '--detach', 'postgres'], 10 * 60_000);
  await project.waitHealthy(['postgres'], HEALTHY_WITHIN_MS);
  const target = `postgres://desires:${password}@postgres:5432/desires`;
  const command = ['node', 'apps/server/dist/server/db-move.js', '--from', '/data', '--to', target];
  const move = await project.run(['run', '--rm', '--no-deps', 'app', ...command], 10 * 60_000);
  check(
    move.code === 0,
    "db:move in a one-off container of app moves the default setup's data to PostgreSQL",
    move.output.trim(),
  );
  const since = Date.now();
  await project.compose(['up', '--detach', '--build'], 20 * 60_000);
  await project.waitHealthy([...INSTANCES, 'valkey'], HEALTHY_WITHIN_MS);
  await waitFor(
    async () => (await request(proxy, 'GET', '/api/ready').catch(() => undefined))?.status === 200,
    60_000,
    'Caddy to answer /api/ready',
  );
  pass(`docker compose up -d: both instances healthy behind Caddy (${seconds(since)})`);
  const services = await servicesWithContainers(project);
  check(
    services.join(',') === 'app,app-1,app-2,caddy,postgres,valkey' &&
      (await project.health('app')) === 'exited',
    'the scale setup runs its five services; the single instance stays stopped',
    services.join(','),
  );
  const login = await request<Session>(proxy, 'POST', '/api/auth/login', {
    body: { email: moved.receiver.email, password: moved.receiver.password },
  });
  const inbox = login.status === 200 ? await inboxIds(proxy, login.body.access_token) : [];
  check(
    inbox.includes(moved.desireId),
    'the moved couple signs in through Caddy and finds its desire',
    `login ${login.status}`,
  );
}

/**
 * The scale setup in the project the default setup left (its single instance stopped), the way
 * docs/deploy.md has a user move up: .env names both files and a password, the data moves.
 */
export async function checkScaleSetup(
  name: string,
  work: string,
  appVersion: string,
  moved: Couple,
): Promise<void> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const proxy = `http://127.0.0.1:${httpPort}`;
  const settings = {
    APP_VERSION: appVersion,
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    PUBLIC_URL: proxy,
  };
  const files = ['compose.yaml', 'compose.scale.yaml'];
  const unset = await ComposeProject.create({ name, files, built: INSTANCES, settings, work });
  const refused = await unset.run(['up', '--detach']);
  const before = await servicesWithContainers(unset);
  check(
    refused.code !== 0 && refused.output.includes('POSTGRES_PASSWORD') && before.join() === 'app',
    'without POSTGRES_PASSWORD, up stops before starting anything, naming it',
    `${refused.output.trim()} (containers: ${before.join(', ')})`,
  );

  const password = randomUUID();
  const project = await unset.withSettings({ ...settings, POSTGRES_PASSWORD: password });
  await moveToPostgres(project, password, proxy, moved);
  await crossInstanceDelivery(project, proxy);
  await rollingRestart(project, proxy);
}
