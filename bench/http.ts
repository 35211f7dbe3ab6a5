/**
 * HTTP benchmark: authenticated GET /api/messages?limit=50 and GET /api/profile under autocannon
 * against a seeded couple, and a bare Fastify route in the same run as the baseline.
 *
 *   npm run bench:http -- --driver postgres --duration 10 --connections 20
 */
import autocannon from 'autocannon';
import { parseFlags } from './lib/args.js';
import { createBenchDatabase, type Driver } from './lib/database.js';
import { ProcessMonitor } from './lib/proc-stats.js';
import { seedCouples, seedDesires } from './lib/seed.js';
import { ROOT, startAppServer, startProcess, type ServerProcess } from './lib/server-process.js';
import { fmt, ratio } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ driver: 'postgres', duration: 10, connections: 20, desires: 200 });
if (!['pglite', 'postgres'].includes(flags.driver)) throw new Error('--driver pglite|postgres');

interface Row {
  name: string;
  result: autocannon.Result;
  cpuPercent: number;
  rssMb: number;
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
  const monitor = new ProcessMonitor([server.pid]);
  monitor.begin();
  const result = await autocannon({
    url: server.url + path,
    connections: flags.connections,
    duration: flags.duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const [stats] = monitor.window();
  monitor.stop();
  return { name, result, cpuPercent: stats?.cpuPercent ?? 0, rssMb: stats?.peakRssMb ?? 0 };
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

  const app = await startAppServer(database.serverEnv);
  servers.push(app);
  rows.push(await hammer('GET /api/profile', app, '/api/profile', reader.token));
  rows.push(
    await hammer('GET /api/messages?limit=50', app, '/api/messages?limit=50', reader.token),
  );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
}

const base = rows[0]!.result;
printTable(
  `HTTP (${flags.driver}, ${flags.connections} connections, ${flags.duration} s each, inbox of ${flags.desires})`,
  [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'req/s vs base',
    'p99 vs base',
    'CPU %',
    'RSS MB',
  ],
  rows.map(({ name, result, cpuPercent, rssMb }) => [
    name,
    fmt(result.requests.average, 0),
    fmt(result.latency.p50, 1),
    fmt(result.latency.p99, 1),
    String(result.non2xx),
    String(result.errors + result.timeouts),
    ratio(result.requests.average, base.requests.average),
    ratio(result.latency.p99, base.latency.p99),
    fmt(cpuPercent, 0),
    fmt(rssMb, 0),
  ]),
);
process.exit(0);
