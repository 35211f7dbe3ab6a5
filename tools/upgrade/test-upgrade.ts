// `npm run test:upgrade`: a rolling upgrade from the previous release to this checkout, under
// traffic. Two instances of the previous release on a fresh PostgreSQL database and Redis serve
// couples who send desires over HTTP and the live channel to both; each instance in turn gets
// SIGTERM and is replaced on its port by this release, the first of which migrates while the
// other still serves. Then every acknowledged desire must be in its receiver's inbox exactly
// once, every socket must have reconnected, and every failed request must be one an upgrade
// explains (attempts.ts). Prints PASS/FAIL per check; exits non-zero on the first failure.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createUser, pair, type TestUser } from '../../apps/server/test/helpers/api.js';
import { freePort } from '../../apps/server/test/faults/helpers/server-process.js';
import { migrationFiles } from '../../apps/server/src/db/migrate.js';
import { logged } from '../image/buildah.js';
import { waitFor } from '../image/container.js';
import type { Attempt, Swap } from './attempts.js';
import { Client } from './client.js';
import { createRunDatabase } from './database.js';
import { sharedEnv, startInstance, type Instance } from './instance.js';
import { PREVIOUS_RELEASE, fansOutWhileClosing, preparedRelease } from './previous-release.js';
import { check, seconds, summary } from './report.js';
import { verifyRun } from './verify.js';

const ROOT = resolve(import.meta.dirname, '../..');
const COUPLES = 4;
/** Desires each sender has acknowledged on each surface in each phase before the next step. */
const ACKED_PER_PHASE = 5;
const PHASE_MS = 120_000;
const SEND_PACE_MS = 50;
const READ_PACE_MS = 500;
/**
 * The upgrade, one instance at a time; then the first again, from this release to itself: the
 * first step of the next upgrade, which holds this release's own close to what it promises.
 */
const STEPS = [
  { slot: 0, from: 'previous' },
  { slot: 1, from: 'previous' },
  { slot: 0, from: 'this' },
] as const;
const started = Date.now();

/** What a failed run leaves in its folder beside the logs, to find out what happened. */
interface Records {
  swaps: Swap[];
  attempts: Attempt[];
  clients: Client[];
}

/** Couples with each person on an instance: both on one, both on the other, and across. */
async function signUpCouples(instances: Instance[]): Promise<[TestUser, TestUser, number][]> {
  const people: [TestUser, TestUser, number][] = [];
  for (let i = 0; i < COUPLES; i += 1) {
    const [a, b] = [instances[i % 2]!, instances[Math.floor(i / 2) % 2]!];
    const [userA, userB] = [await createUser(a.url), await createUser(b.url)];
    await pair(a.url, userA, userB);
    people.push([userA, userB, a.port], [userB, userA, b.port]);
  }
  return people;
}

/**
 * While new 1 and old 2 both serve, each person sends their first desire (stored by the previous
 * release) and their latest again, to both instances and on their socket, as a client whose ack
 * was lost would: each must be answered as the desire stored, whichever release stored it.
 */
async function resendAcrossReleases(clients: Client[], ports: number[]): Promise<void> {
  const refused: string[] = [];
  for (const client of clients) {
    for (const entry of [client.sent[0]!, client.sent.at(-1)!]) {
      for (const via of [...ports, 'socket' as const]) {
        const problem = await client.resend(entry, via);
        if (problem) refused.push(problem);
      }
    }
  }
  check(
    refused.length === 0,
    'a desire sent again is answered as the one stored, by both releases',
    refused.slice(0, 3).join('; '),
  );
}

async function run(work: string, cleanups: (() => Promise<unknown>)[], records: Records) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const preparing = Date.now();
  const oldDir = await preparedRelease(PREVIOUS_RELEASE, (line) => console.log(line));
  const build = ['run', 'build', '-w', '@couple/server'];
  await logged('npm', build, join(work, 'build.log'), 120_000, ROOT);
  const old = PREVIOUS_RELEASE.slice(0, 7);
  console.log(`INFO previous release ${old} and this one built in ${seconds(preparing)}`);

  const database = await createRunDatabase(adminUrl);
  cleanups.push(() => database.drop());
  // Rooms and rate-limit keys in Redis are named by random user and session ids: several runs,
  // and the integration tier, share one Redis without meeting.
  const env = sharedEnv(database.url, redisUrl, join(work, 'data'));
  const ports = [await freePort(), await freePort()];
  const logOf = (name: string) => join(work, `${name.replace(/\W+/g, '-')}.log`);
  const instances: Instance[] = await Promise.all(
    ports.map((port, i) => startInstance(`old ${i + 1}`, oldDir, port, env, logOf(`old ${i + 1}`))),
  );
  cleanups.push(async () => instances.forEach((instance) => instance.kill()));
  const oldMigrations = await database.migrations();
  console.log(`INFO two instances of ${old} serve, migrated to ${oldMigrations.at(-1)}`);

  const { attempts, swaps } = records;
  const clients = (await signUpCouples(instances)).map(
    ([user, partner, port]) => new Client(user, partner, port, attempts),
  );
  records.clients.push(...clients);
  cleanups.push(async () => clients.forEach((client) => client.close()));
  await waitFor(async () => clients.every((c) => c.socket.connected), PHASE_MS, 'the sockets');
  let running = true;
  const traffic = clients.flatMap((client) => [
    client.sendWhile(() => running, SEND_PACE_MS),
    client.readWhile(() => running, READ_PACE_MS),
  ]);
  /** Every sender has had desires acknowledged on both surfaces since `since`. */
  const everyoneSends = (since: number, what: string) =>
    waitFor(
      async () =>
        clients.every((client) =>
          (['http', 'socket'] as const).every(
            (surface) =>
              client.sent.filter((e) => e.surface === surface && e.firstTriedAt >= since).length >=
              ACKED_PER_PHASE,
          ),
        ),
      PHASE_MS,
      what,
    ).then(() => check(true, what));
  await everyoneSends(started, `${clients.length} people send to both instances of ${old}`);

  for (const { slot, from } of STEPS) {
    const port = ports[slot]!;
    const stopped = instances[slot]!;
    const name = from === 'this' ? `${stopped.name} restarted` : `new ${slot + 1}`;
    const swap: Swap = { name: `${stopped.name} → ${name}`, port, from, stoppingAt: Date.now() };
    swaps.push(swap);
    const { code, ms } = await stopped.stop();
    check(code === 0, `${stopped.name} drains and exits 0 after SIGTERM`, `exit ${code}, ${ms} ms`);
    const replacing = Date.now();
    instances[slot] = await startInstance(name, ROOT, port, env, logOf(name));
    swap.readyAt = Date.now();
    console.log(
      `INFO ${stopped.name} stopped in ${ms} ms; ${name} healthy ${seconds(replacing)} later`,
    );
    const others = instances.filter((instance) => instance.port !== port);
    if (swaps.length === 1) {
      const [migrations, files] = [await database.migrations(), await migrationFiles()];
      // Acknowledged by the other instance while this one started and migrated.
      const meanwhile = clients
        .filter((client) => client.port !== port)
        .flatMap((client) => client.sent)
        .filter((sent) => sent.ackedAt >= replacing && sent.ackedAt <= swap.readyAt!).length;
      check(
        migrations.join() === files.join() && meanwhile > 0,
        `new 1 migrated the database from ${oldMigrations.at(-1)} to ${files.at(-1)}, ` +
          `while ${others[0]!.name} served (${meanwhile} desires meanwhile)`,
        `the database has ${migrations.at(-1)}`,
      );
    }
    const moved = clients.filter((client) => client.port === port);
    await waitFor(
      async () =>
        moved.every((c) => c.socket.connected && c.sessions.at(-1)!.connectedAt >= swap.stoppingAt),
      PHASE_MS,
      `the sockets of ${stopped.name} to reconnect`,
    );
    check(true, `the ${moved.length} sockets of ${stopped.name} reconnected to ${name}`);
    await everyoneSends(
      swap.readyAt,
      `every sender's desires are acknowledged by ${[name, ...others.map((o) => o.name)].join(' and ')}`,
    );
    if (swaps.length === 1) await resendAcrossReleases(clients, ports);
  }
  running = false;
  await Promise.all(traffic);

  await verifyRun({
    clients,
    attempts,
    swaps,
    database,
    previousFansOutWhileClosing: await fansOutWhileClosing(PREVIOUS_RELEASE),
  });
  console.log(summary(clients, attempts, swaps));
  for (const instance of instances) {
    const { code, ms } = await instance.stop();
    check(code === 0, `${instance.name} exits 0 after SIGTERM`, `exit ${code}, ${ms} ms`);
  }
}

const work = await mkdtemp(join(tmpdir(), 'couple-upgrade-'));
const cleanups: (() => Promise<unknown>)[] = [];
const records: Records = { swaps: [], attempts: [], clients: [] };
let failed = false;
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
};
// Stopped by hand: no server of the run is left running, no database left behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`FAIL stopped by ${signal}; the logs are in ${work}`);
    void cleanUp().then(() => process.exit(1));
  });
}
try {
  await run(work, cleanups, records);
  console.log(`PASS the rolling upgrade lost nothing (${seconds(started)})`);
} catch (error) {
  failed = true;
  console.log(`FAIL ${(error as Error).message}`);
  const { clients, ...rest } = records;
  const people = clients.map(({ user, partner, port, sessions, sent, lost }) => ({
    ...{ user: user.id, partner: partner.id, port, sessions, sent, lost },
  }));
  const file = join(work, 'records.json');
  await writeFile(file, JSON.stringify({ started, ...rest, people }, null, 1));
  console.log(`INFO the instances' logs and the clients' records (records.json) are in ${work}`);
}
await cleanUp();
if (!failed) await rm(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
