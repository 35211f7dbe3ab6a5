import { loadavg } from 'node:os';
import { sleep } from './args.js';
import { startClientFleet, type ClientFleet } from './client-fleet.js';
import type { ClientSpec } from './clients.js';
import { createBenchDatabase, REDIS_URL, type BenchDatabase } from './database.js';
import type { LoadResult } from './load-result.js';
import { limitCpu, NO_PLACEMENT, pinCommand, type Placement } from './placement.js';
import { PostgresCpuMonitor } from './postgres-cpu.js';
import { ProcessMonitor, readProc, type WindowStats } from './proc-stats.js';
import { seedCouples, seedDesires, type Couple } from './seed.js';
import {
  ROOT,
  SERVER_POOL_SIZE,
  startAppServer,
  startProcess,
  type ServerProcess,
} from './server-process.js';

/** pglite: one instance on embedded PGlite; postgres: one on PostgreSQL; redis: two on both. */
export type Mode = 'pglite' | 'postgres' | 'redis';

/** One heap for all client sockets stalls them all when it collects; more processes take the
 * CPU the server needs (measured in docs/performance-log.md). */
export const DEFAULT_CLIENT_PROCESSES = 2;

export interface ScenarioOptions {
  mode: Mode;
  couples: number;
  /** desires/s of the one step, unless `plan` picks the rates */
  rate: number;
  durationS: number;
  /** the rate of each step on the same connected sockets; undefined ends the run */
  plan?: RatePlan;
  /** connect the sockets of only this many couples (the others exist in the database only) */
  connect?: number;
  /** desires stored before the run (cost growth) */
  storedDesires?: number;
  /** node flags for the app server, e.g. --cpu-prof */
  nodeFlags?: string[];
  /** benchmark client processes the couples' sockets are spread over */
  clientProcesses?: number;
  /** node flags for the client processes, e.g. --trace-gc */
  clientNodeFlags?: string[];
  /** diagnostic only: PostgreSQL synchronous_commit for the bench database ('off' skips the fsync wait) */
  synchronousCommit?: 'on' | 'off';
  /** pinning and CPU caps of the server instances (lib/placement.ts) */
  placement?: Placement;
  /** called after each step, e.g. to print it while the run goes on */
  onStep?: (step: StepResult) => void;
  /** runs after the load, while the servers still run (cost growth measures the inbox here) */
  after?: (context: AfterContext) => Promise<void>;
}

export interface AfterContext {
  servers: ServerProcess[];
  couples: Couple[];
  database: BenchDatabase;
}

/** Picks the next step's rate from the steps so far; undefined ends the run. */
export type RatePlan = (steps: StepResult[]) => number | undefined;

export interface StepResult {
  rate: number;
  /** per instance, during the load */
  server: WindowStats[];
  load: LoadResult;
  /** CPU seconds of the PostgreSQL backends of the bench database during the step (postgres) */
  postgresCpuS?: number;
  /** the machine's load average (1, 5, 15 min) at the end of the step */
  loadAverage: number[];
}

export interface ScenarioResult {
  instances: number;
  sockets: number;
  connectS: number;
  /** per instance, MB, once every socket is connected and before any send */
  connectedRssMb: number[];
  /** one per rate, in the order run */
  steps: StepResult[];
}

/** The one step of a single-rate run. */
export const onlyStep = (r: ScenarioResult): StepResult => r.steps[0]!;

/** Lets the server and the database settle (drain, vacuum, WAL) between two steps. */
const STEP_PAUSE_MS = 3_000;

const connected = (o: ScenarioOptions) => Math.min(o.couples, o.connect ?? o.couples);
const instancesOf = (mode: Mode) => (mode === 'redis' ? 2 : 1);

/** Partner a on the first instance, partner b on the last: with two, every desire crosses Redis. */
export function specsFor(
  count: number,
  urls: string[],
  auth: (i: number, side: 'a' | 'b') => Record<string, string>,
): ClientSpec[] {
  return Array.from({ length: count }, (_, i) => [
    { url: urls[0]!, auth: auth(i, 'a') },
    { url: urls.at(-1)!, auth: auth(i, 'b') },
  ]).flat();
}

async function measure(
  servers: ServerProcess[],
  specs: ClientSpec[],
  options: ScenarioOptions,
  databaseUrl?: string,
): Promise<ScenarioResult> {
  const connectStart = performance.now();
  const plan = options.plan ?? ((steps: StepResult[]) => (steps.length ? undefined : options.rate));
  let fleet: ClientFleet | undefined;
  try {
    fleet = await startClientFleet(
      specs,
      options.clientProcesses ?? DEFAULT_CLIENT_PROCESSES,
      options.clientNodeFlags,
    );
    const connectS = (performance.now() - connectStart) / 1000;
    await sleep(1_000);
    const connectedRssMb = servers.map((s) => (readProc(s.pid)?.rssBytes ?? 0) / 2 ** 20);
    const steps: StepResult[] = [];
    for (let rate = plan(steps); rate !== undefined; rate = plan(steps)) {
      if (steps.length) await sleep(STEP_PAUSE_MS);
      const postgres = databaseUrl ? new PostgresCpuMonitor(databaseUrl) : undefined;
      await postgres?.start();
      const monitor = new ProcessMonitor(servers.map((s) => s.pid));
      monitor.begin();
      const load = await fleet.load({ rate, durationS: options.durationS });
      const server = monitor.window();
      monitor.stop();
      const postgresCpuS = await postgres?.stop();
      steps.push({ rate, server, load, postgresCpuS, loadAverage: loadavg() });
      options.onStep?.(steps.at(-1)!);
    }
    return { instances: servers.length, sockets: fleet.sockets, connectS, connectedRssMb, steps };
  } finally {
    await fleet?.close();
  }
}

async function stopAll(servers: ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

/** Relay processes (one, or two on Redis) with `env` added, and their clients' specs. */
async function startRelays(options: ScenarioOptions, env: Record<string, string>) {
  const redis: Record<string, string> = options.mode === 'redis' ? { REDIS_URL } : {};
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < instancesOf(options.mode); i += 1) {
      const entry = `${ROOT}bench/baseline-relay.ts`;
      servers.push(await startProcess({ entry, env: { ...redis, ...env }, healthPath: '/health' }));
    }
  } catch (error) {
    await stopAll(servers);
    throw error;
  }
  const specs = specsFor(
    connected(options),
    servers.map((s) => s.url),
    (i, side) => ({ user: `${side}${i}`, partner: `${side === 'a' ? 'b' : 'a'}${i}` }),
  );
  return { servers, specs };
}

const driverOf = (mode: Mode) => (mode === 'pglite' ? 'pglite' : 'postgres');

/** The bare relay (one, or two on Redis) carrying the same traffic. */
export async function runBaseline(options: ScenarioOptions): Promise<ScenarioResult> {
  const { servers, specs } = await startRelays(options, {});
  try {
    return await measure(servers, specs, options);
  } finally {
    await stopAll(servers);
  }
}

/**
 * The floor: the same relays, each committing every desire first with one INSERT … RETURNING
 * (lib/floor-store.ts) on a fresh database of the mode's driver, with the server's pool size.
 */
export async function runFloor(options: ScenarioOptions): Promise<ScenarioResult> {
  const database = await createBenchDatabase(driverOf(options.mode));
  try {
    const { DATABASE_URL: url, DATA_DIR: dir } = database.serverEnv;
    const env: Record<string, string> = url
      ? { FLOOR_DATABASE_URL: url, FLOOR_POOL_SIZE: String(SERVER_POOL_SIZE) }
      : { FLOOR_DATA_DIR: dir! };
    const { servers, specs } = await startRelays(options, env);
    try {
      return await measure(servers, specs, options, url);
    } finally {
      await stopAll(servers);
    }
  } finally {
    await database.drop();
  }
}

/** The real server on a fresh database with seeded, paired couples. */
export async function runApp(options: ScenarioOptions): Promise<ScenarioResult> {
  const database = await createBenchDatabase(driverOf(options.mode));
  const servers: ServerProcess[] = [];
  const releases: (() => void)[] = [];
  try {
    const db = await database.open();
    let couples: Couple[];
    try {
      couples = await seedCouples(db, options.couples);
      if (options.storedDesires) await seedDesires(db, couples, options.storedDesires);
      if (options.synchronousCommit === 'off' && db.driver === 'postgres') {
        await db.exec(`DO $$ BEGIN
          EXECUTE format('ALTER DATABASE %I SET synchronous_commit = off', current_database());
        END $$`);
      }
    } finally {
      await db.close();
    }
    const redis = options.mode === 'redis' ? { REDIS_URL } : {};
    const placement = options.placement ?? NO_PLACEMENT;
    for (let i = 0; i < instancesOf(options.mode); i += 1) {
      const env = { ...database.serverEnv, ...redis };
      const server = await startAppServer(env, options.nodeFlags, pinCommand(placement, i));
      servers.push(server);
      if (placement.quotaCores > 0) {
        releases.push(limitCpu(server.pid, placement.quotaCores, `bench-${process.pid}-${i}`));
      }
    }
    const urls = servers.map((s) => s.url);
    const specs = specsFor(connected(options), urls, (i, side) => ({
      token: couples[i]![side].token,
    }));
    const result = await measure(servers, specs, options, database.serverEnv.DATABASE_URL);
    await options.after?.({ servers, couples, database });
    return result;
  } finally {
    await stopAll(servers);
    for (const release of releases) release();
    await database.drop();
  }
}
