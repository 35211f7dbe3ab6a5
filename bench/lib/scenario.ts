import { sleep } from './args.js';
import { startClientFleet, type ClientFleet } from './client-fleet.js';
import type { ClientSpec } from './clients.js';
import { createBenchDatabase, REDIS_URL, type BenchDatabase } from './database.js';
import type { LoadResult } from './load-result.js';
import { PostgresCpuMonitor } from './postgres-cpu.js';
import { ProcessMonitor, readProc, type WindowStats } from './proc-stats.js';
import { seedCouples, seedDesires, type Couple } from './seed.js';
import { ROOT, startAppServer, startProcess, type ServerProcess } from './server-process.js';

/** pglite: one instance on embedded PGlite; postgres: one on PostgreSQL; redis: two on both. */
export type Mode = 'pglite' | 'postgres' | 'redis';

/** One heap for all client sockets stalls them all when it collects; more processes take the
 * CPU the server needs (measured in docs/performance-log.md). */
export const DEFAULT_CLIENT_PROCESSES = 2;

export interface ScenarioOptions {
  mode: Mode;
  couples: number;
  rate: number;
  durationS: number;
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
  /** runs after the load, while the servers still run (cost growth measures the inbox here) */
  after?: (context: AfterContext) => Promise<void>;
}

export interface AfterContext {
  servers: ServerProcess[];
  couples: Couple[];
  database: BenchDatabase;
}

export interface ScenarioResult {
  instances: number;
  sockets: number;
  connectS: number;
  /** per instance, MB, once every socket is connected and before any send */
  connectedRssMb: number[];
  /** per instance, during the load */
  server: WindowStats[];
  load: LoadResult;
  /** CPU seconds of the PostgreSQL backends serving the servers' pools, connect phase included
   * (postgres modes only) */
  postgresCpuS?: number;
}

const connected = (o: ScenarioOptions) => Math.min(o.couples, o.connect ?? o.couples);
const instancesOf = (mode: Mode) => (mode === 'redis' ? 2 : 1);

/** Partner a on the first instance, partner b on the last: with two, every desire crosses Redis. */
function specsFor(
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
): Promise<ScenarioResult> {
  const connectStart = performance.now();
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
    const monitor = new ProcessMonitor(servers.map((s) => s.pid));
    monitor.begin();
    const load = await fleet.load({ rate: options.rate, durationS: options.durationS });
    const server = monitor.window();
    monitor.stop();
    return {
      instances: servers.length,
      sockets: fleet.sockets,
      connectS,
      connectedRssMb,
      server,
      load,
    };
  } finally {
    await fleet?.close();
  }
}

async function stopAll(servers: ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()));
}

/** The bare relay (one, or two on Redis) carrying the same traffic. */
export async function runBaseline(options: ScenarioOptions): Promise<ScenarioResult> {
  const env: Record<string, string> = options.mode === 'redis' ? { REDIS_URL } : {};
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < instancesOf(options.mode); i += 1) {
      servers.push(
        await startProcess({ entry: `${ROOT}bench/baseline-relay.ts`, env, healthPath: '/health' }),
      );
    }
    const urls = servers.map((s) => s.url);
    const specs = specsFor(connected(options), urls, (i, side) => ({
      user: `${side}${i}`,
      partner: `${side === 'a' ? 'b' : 'a'}${i}`,
    }));
    return await measure(servers, specs, options);
  } finally {
    await stopAll(servers);
  }
}

/** The real server on a fresh database with seeded, paired couples. */
export async function runApp(options: ScenarioOptions): Promise<ScenarioResult> {
  const database = await createBenchDatabase(options.mode === 'pglite' ? 'pglite' : 'postgres');
  const servers: ServerProcess[] = [];
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
    for (let i = 0; i < instancesOf(options.mode); i += 1) {
      servers.push(await startAppServer({ ...database.serverEnv, ...redis }, options.nodeFlags));
    }
    const urls = servers.map((s) => s.url);
    const specs = specsFor(connected(options), urls, (i, side) => ({
      token: couples[i]![side].token,
    }));
    const url = database.serverEnv.DATABASE_URL;
    const postgres = url ? new PostgresCpuMonitor(url) : undefined;
    await postgres?.start();
    const result = await measure(servers, specs, options);
    result.postgresCpuS = await postgres?.stop();
    await options.after?.({ servers, couples, database });
    return result;
  } finally {
    await stopAll(servers);
    await database.drop();
  }
}
