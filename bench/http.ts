/**
 * HTTP benchmark: authenticated GET /api/messages?limit=50 and GET /api/profile under autocannon
 * against a seeded couple. Two baselines in the same run: a bare Fastify route (HTTP alone), and
 * the same two reads made straight on the database (same SQL, role, user scope, driver and pool
 * size, as many loops as connections; no HTTP, token or serialisation).
 *
 *   npm run bench:http -- --driver postgres --duration 10 --connections 20
 *   --cpuprof DIR: a V8 CPU profile of the app server (both reads) written to DIR
 *   --routes profile|inbox: one read only (its baseline and profile alone)
 */
import autocannon from 'autocannon';
import { parseFlags } from './lib/args.js';
import { createBenchDatabase, type Driver } from './lib/database.js';
import { ProcessMonitor } from './lib/proc-stats.js';
import { bareReads, hammerLoop, openLikeServer } from './lib/bare-database.js';
import { seedCouples, seedDesires } from './lib/seed.js';
import { ROOT, startAppServer, startProcess, type ServerProcess } from './lib/server-process.js';
import { fmt, ratio } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({
  driver: 'postgres',
  duration: 10,
  connections: 20,
  desires: 200,
  cpuprof: '',
  routes: 'profile,inbox',
});
if (!['pglite', 'postgres'].includes(flags.driver)) throw new Error('--driver pglite|postgres');
const routes = new Set(flags.routes.split(','));
if (![...routes].every((r) => r === 'profile' || r === 'inbox')) {
  throw new Error('--routes profile,inbox (either or both)');
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPercent: number;
  /** CPU of this process (autocannon) meanwhile, for the HTTP rows. */
  clientCpuPercent?: number;
  rssMb: number;
  /** For an app route: the row of the same read straight on the database. */
  bareDatabase?: Row;
}

async function hammer(
  name: string,
  server: ServerProcess,
  path: string,
  token?: string,
): Promise<Row> {
  // Every request must succeed: a 401 or 500 would make the figures meaningless.
  const probe = await fetch(server.url + path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!probe.ok) throw new Error(`${name}: ${path} answered ${probe.status}`);
  const monitor = new ProcessMonitor([server.pid, process.pid]);
  monitor.begin();
  const result = await autocannon({
    url: server.url + path,
    connections: flags.connections,
    duration: flags.duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const [stats, client] = monitor.window();
  monitor.stop();
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPercent: stats?.cpuPercent ?? 0,
    clientCpuPercent: client?.cpuPercent ?? 0,
    rssMb: stats?.peakRssMb ?? 0,
  };
}

/** The read straight on the database, in this process (its CPU is this process's). */
async function hammerDatabase(name: string, run: () => Promise<unknown>): Promise<Row> {
  await run();
  const monitor = new ProcessMonitor([process.pid]);
  monitor.begin();
  const result = await hammerLoop(run, {
    connections: flags.connections,
    durationS: flags.duration,
  });
  const [stats] = monitor.window();
  monitor.stop();
  return {
    name,
    ...result,
    non2xx: 0,
    errors: 0,
    cpuPercent: stats?.cpuPercent ?? 0,
    rssMb: stats?.peakRssMb ?? 0,
  };
}

const database = await createBenchDatabase(flags.driver as Driver);
const servers: ServerProcess[] = [];
const rows: Row[] = [];
try {
  const db = await database.open();
  const couples = await seedCouples(db, 1);
  await seedDesires(db, couples, flags.desires, 1);
  await db.close();
  const reader = couples[0]!.b;

  const bare = await startProcess({
    entry: `${ROOT}bench/baseline-http.ts`,
    env: {},
    healthPath: '/health',
  });
  servers.push(bare);
  rows.push(await hammer('bare Fastify route (baseline)', bare, '/api/bare'));
  await bare.stop();

  // Before the server: PGlite's directory has one owner at a time.
  // The server inherits this process's environment (PGLITE_THREAD among it): so does this.
  const direct = await openLikeServer({ ...process.env, ...database.serverEnv });
  const reads = bareReads(direct, reader.id);
  const bareProfile = routes.has('profile')
    ? await hammerDatabase('profile read, database only (baseline)', reads.profile)
    : undefined;
  const bareInbox = routes.has('inbox')
    ? await hammerDatabase('inbox read, database only (baseline)', reads.inbox)
    : undefined;
  await direct.close();
  for (const row of [bareProfile, bareInbox]) if (row) rows.push(row);

  const app = await startAppServer(
    database.serverEnv,
    flags.cpuprof ? ['--cpu-prof', `--cpu-prof-dir=${flags.cpuprof}`] : [],
  );
  servers.push(app);
  if (bareProfile) {
    rows.push({
      ...(await hammer('GET /api/profile', app, '/api/profile', reader.token)),
      bareDatabase: bareProfile,
    });
  }
  if (bareInbox) {
    rows.push({
      ...(await hammer('GET /api/messages?limit=50', app, '/api/messages?limit=50', reader.token)),
      bareDatabase: bareInbox,
    });
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
}

const base = rows[0]!;
printTable(
  `HTTP (${flags.driver}, ${flags.connections} connections, ${flags.duration} s each, inbox of ${flags.desires})`,
  [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'req/s vs Fastify',
    'p99 vs Fastify',
    'req/s vs database',
    'CPU %',
    'CPU ms/req',
    'client CPU %',
    'RSS MB',
  ],
  rows.map((row) => [
    row.name,
    fmt(row.rps, 0),
    fmt(row.p50, 1),
    fmt(row.p99, 1),
    String(row.non2xx),
    String(row.errors),
    ratio(row.rps, base.rps),
    ratio(row.p99, base.p99),
    row.bareDatabase ? ratio(row.rps, row.bareDatabase.rps) : '-',
    fmt(row.cpuPercent, 0),
    fmt((row.cpuPercent / 100 / row.rps) * 1000, 3),
    row.clientCpuPercent === undefined ? '-' : fmt(row.clientCpuPercent, 0),
    fmt(row.rssMb, 0),
  ]),
);
process.exit(0);
