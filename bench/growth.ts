/**
 * Cost growth: delivery latency, server RSS and inbox time at 10, 1,000 and 10,000 couples, then
 * with 100,000 stored desires (half of them in one heavy inbox), on PostgreSQL; and the plans of
 * the inbox, unread-count and sent queries as the server runs them (app_user, app.user_id set).
 *
 *   npm run bench:growth -- --sizes 10,1000,10000 --rate 200 --duration 10 --connect 5000
 */
import { parseFlags } from './lib/args.js';
import { timeRoute } from './lib/inbox-timing.js';
import { explainInboxQueries, type Plan } from './lib/plans.js';
import {
  DEFAULT_CLIENT_PROCESSES,
  onlyStep,
  runApp,
  type AfterContext,
  type ScenarioResult,
} from './lib/scenario.js';
import { fmt, type LatencySummary } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({
  sizes: '10,1000,10000',
  rate: 200,
  duration: 10,
  connect: 5000,
  desires: 100_000,
  clients: DEFAULT_CLIENT_PROCESSES,
});
const sizes = flags.sizes.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes must be integers');

interface Row {
  couples: number;
  stored: number;
  run: ScenarioResult;
  typical: LatencySummary;
  heavy?: LatencySummary;
  unreadSqlMs: number;
}

const rows: Row[] = [];
let plans: Plan[] = [];

async function step(couples: number, stored: number): Promise<void> {
  let typical: LatencySummary | undefined;
  let heavy: LatencySummary | undefined;
  let unreadSqlMs = Number.NaN;
  const after = async ({ servers, couples: seeded, database }: AfterContext) => {
    const url = `${servers[0]!.url}/api/messages?limit=50`;
    typical = await timeRoute(url, seeded.at(-1)!.b.token);
    if (stored) heavy = await timeRoute(url, seeded[0]!.b.token);
    const db = await database.open();
    try {
      const found = await explainInboxQueries(db, seeded[0]!.b.id, seeded[0]!.a.id);
      unreadSqlMs = found.find((p) => p.query === 'unread count')?.executionMs ?? Number.NaN;
      if (stored) plans = found;
    } finally {
      await db.close();
    }
  };
  console.log(`growth: ${couples} couples, ${stored} stored desires…`);
  const run = await runApp({
    mode: 'postgres',
    couples,
    connect: flags.connect,
    rate: flags.rate,
    durationS: flags.duration,
    storedDesires: stored,
    clientProcesses: flags.clients,
    after,
  });
  rows.push({ couples, stored, run, typical: typical!, heavy, unreadSqlMs });
}

for (const size of sizes) await step(size, 0);
if (flags.desires > 0) await step(sizes.at(-1)!, flags.desires);

printTable(
  `Cost growth (PostgreSQL, one instance, ${flags.rate}/s for ${flags.duration} s, at most ${flags.connect} couples connected)`,
  [
    'couples',
    'stored desires',
    'sockets',
    'RSS connected MB',
    'RSS peak MB',
    'p50 ms',
    'p99 ms',
    'lost/dup/err',
    'inbox p50 ms',
    'inbox p99 ms',
    'heavy inbox p50 ms',
    'unread SQL ms (heavy)',
  ],
  rows.map(({ couples, stored, run, typical, heavy, unreadSqlMs }) => {
    const { server, load } = onlyStep(run);
    return [
      String(couples),
      String(stored),
      String(run.sockets),
      fmt(run.connectedRssMb[0] ?? Number.NaN, 0),
      fmt(server[0]?.peakRssMb ?? Number.NaN, 0),
      fmt(load.latency.p50),
      fmt(load.latency.p99),
      `${load.lost}/${load.duplicated}/${load.errors}`,
      fmt(typical.p50),
      fmt(typical.p99),
      heavy ? fmt(heavy.p50) : '-',
      fmt(unreadSqlMs, 2),
    ];
  }),
);

for (const plan of plans) {
  console.log(`\n${plan.query} — ${plan.indexBacked ? 'index-backed' : 'SEQUENTIAL SCAN'}\n`);
  console.log(plan.text);
}
process.exit(plans.every((p) => p.indexBacked) ? 0 : 1);
