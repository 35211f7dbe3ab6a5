/**
 * Delivery benchmark: N paired couples on socket.io, senders at a fixed total rate, latency from
 * emit to the partner's `new_message`. The same run measures, before the server, the bare relay
 * and the floor (the relay committing each desire with one INSERT … RETURNING first).
 *
 *   npm run bench:delivery -- --mode postgres --couples 200 --rate 200 --duration 10
 *   npm run bench:delivery -- --mode postgres --couples 1000 --rates 100,500,1000 --duration 20
 *   modes: pglite | postgres | redis (two instances on PostgreSQL + Redis, couples split)
 *   --clients N: the couples' sockets spread over N client processes (default 2)
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFlags } from './lib/args.js';
import {
  column,
  LABELS,
  loadAverageText,
  SUMMARY_HEADERS,
  summaryRows,
} from './lib/delivery-report.js';
import {
  DEFAULT_CLIENT_PROCESSES,
  runApp,
  runBaseline,
  runFloor,
  type Mode,
  type ScenarioOptions,
} from './lib/scenario.js';
import { DEFAULT_POLICY } from './lib/saturation.js';
import { saturate } from './lib/saturation-run.js';
import { fmt } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({
  mode: 'postgres',
  couples: 200,
  rate: 200,
  rates: '',
  duration: 10,
  baseline: 'yes',
  floor: 'yes',
  cpuprof: '',
  synccommit: 'on',
  timeline: 'no',
  probe: 'no',
  nodeflags: '',
  clients: DEFAULT_CLIENT_PROCESSES,
  clientflags: '',
  saturate: 'no',
  from: DEFAULT_POLICY.from,
  factor: DEFAULT_POLICY.factor,
  maxrate: DEFAULT_POLICY.maxRate,
  refine: DEFAULT_POLICY.refine,
  p99limit: DEFAULT_POLICY.p99LimitMs,
});
if (!['pglite', 'postgres', 'redis'].includes(flags.mode))
  throw new Error('--mode pglite|postgres|redis');
const rates = flags.rates ? flags.rates.split(',').map(Number) : [flags.rate];
if (rates.some((r) => !Number.isFinite(r) || r <= 0)) throw new Error('--rates: positive numbers');
const options: ScenarioOptions = {
  mode: flags.mode as Mode,
  couples: flags.couples,
  rate: rates[0]!,
  // Every rate in turn on the same connected sockets.
  plan: (steps) => rates[steps.length],
  durationS: flags.duration,
  synchronousCommit: flags.synccommit === 'off' ? ('off' as const) : ('on' as const),
  nodeFlags: [
    ...(flags.cpuprof ? ['--cpu-prof', `--cpu-prof-dir=${flags.cpuprof}`] : []),
    ...flags.nodeflags.split(' ').filter(Boolean),
    ...(flags.probe === 'yes' ? ['--import', './bench/lib/loop-probe.ts'] : []),
  ],
  clientProcesses: flags.clients,
  clientNodeFlags: flags.clientflags.split(' ').filter(Boolean),
};

console.log(
  `delivery: mode=${options.mode} couples=${options.couples} rates=${rates.join(',')}/s duration=${options.durationS}s client processes=${options.clientProcesses}`,
);
interface ProbeLine {
  at: number;
  loopMaxMs: number;
  gcMaxMs: number;
}
const probeFile = join(tmpdir(), `bench-probe-${process.pid}.jsonl`);
if (flags.probe === 'yes') process.env.BENCH_PROBE_FILE = probeFile;
function readProbe(): ProbeLine[] {
  if (!existsSync(probeFile)) return [];
  const lines = readFileSync(probeFile, 'utf8').trim().split('\n');
  rmSync(probeFile);
  return lines.map((line) => JSON.parse(line) as ProbeLine);
}

if (flags.saturate === 'yes') {
  const policy = {
    from: flags.from,
    factor: flags.factor,
    maxRate: flags.maxrate,
    refine: flags.refine,
    p99LimitMs: flags.p99limit,
  };
  if (!(policy.factor > 1)) throw new Error('--factor must be above 1');
  await saturate(options, policy, `Saturation (${options.mode})`);
  process.exit(0);
}

const relay = flags.baseline === 'yes' ? await runBaseline(options) : undefined;
const floor = flags.floor === 'yes' ? await runFloor(options) : undefined;
const server = await runApp(options);
rates.forEach((rate, i) => {
  const columns = [relay, floor, server].map((r) => column(r, r?.steps[i]));
  printTable(
    `Delivery (${options.mode}, ${options.couples} couples, ${rate}/s for ${options.durationS} s)`,
    ['metric', 'bare relay', 'floor (relay + INSERT)', 'server'],
    LABELS.map((label, row) => [label, ...columns.map((c) => c[row]!)]),
  );
});
printTable(
  `Server against the floor (${options.mode}, ${options.couples} couples, ${options.durationS} s a rate; target: server ≤ 1.3× the floor)`,
  SUMMARY_HEADERS,
  summaryRows(rates, { relay, floor, server }),
);
const ours = server.steps.at(-1)!;
// The timeline is the last rate's.
if (flags.timeline === 'yes') {
  const probe = readProbe();
  /** The server's worst loop delay and GC pause in the probe seconds overlapping second i. */
  const serverAt = (i: number) => {
    const from = ours.load.startedAt + i * 1000;
    const lines = probe.filter((l) => l.at > from && l.at <= from + 2000);
    if (!lines.length) return ['-', '-'];
    const max = (key: 'loopMaxMs' | 'gcMaxMs') => Math.max(...lines.map((l) => l[key]));
    return [fmt(max('loopMaxMs'), 0), fmt(max('gcMaxMs'), 0)];
  };
  console.log(`\nserver run: first desire sent at ${new Date(ours.load.startedAt).toISOString()}`);
  printTable(
    'Per second of the server run (by send time; server columns need --probe yes)',
    ['second', 'delivered', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'server loop delay max', 'GC max'],
    ours.load.timeline.map((s, i) => [
      String(i),
      String(s.count),
      fmt(s.p50, 1),
      fmt(s.p99, 1),
      fmt(s.max, 1),
      ...serverAt(i),
    ]),
  );
}
console.log(`machine load average (1, 5, 15 min) at the end: ${loadAverageText(ours)}`);
console.log(`client CPU during the load: ${fmt(ours.load.clientCpuPercent, 0)}% of a core`);
process.exit(0);
