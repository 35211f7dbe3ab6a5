/**
 * Delivery benchmark: N paired couples on socket.io, senders at a fixed total rate, latency from
 * emit to the partner's `new_message`. The same run measures the bare relay baseline first.
 *
 *   npm run bench:delivery -- --mode postgres --couples 200 --rate 200 --duration 10
 *   modes: pglite | postgres | redis (two instances on PostgreSQL + Redis, couples split)
 *   --clients N: the couples' sockets spread over N client processes (default 2)
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFlags } from './lib/args.js';
import {
  DEFAULT_CLIENT_PROCESSES,
  runApp,
  runBaseline,
  type Mode,
  type ScenarioResult,
} from './lib/scenario.js';
import { fmt, ratio } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({
  mode: 'postgres',
  couples: 200,
  rate: 200,
  duration: 10,
  baseline: 'yes',
  cpuprof: '',
  synccommit: 'on',
  timeline: 'no',
  probe: 'no',
  nodeflags: '',
  clients: DEFAULT_CLIENT_PROCESSES,
  clientflags: '',
});
if (!['pglite', 'postgres', 'redis'].includes(flags.mode))
  throw new Error('--mode pglite|postgres|redis');
const options = {
  mode: flags.mode as Mode,
  couples: flags.couples,
  rate: flags.rate,
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

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const perInstance = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' + ');

/** CPU time the server processes spent per delivered desire, whatever the machine's contention. */
function cpuMsPerDesire(r: ScenarioResult): number {
  const cpuSeconds = sum(r.server.map((s) => s.cpuPercent / 100)) * r.load.windowS;
  return (cpuSeconds * 1000) / r.load.delivered;
}

function column(r: ScenarioResult | undefined): string[] {
  if (!r) return Array.from({ length: LABELS.length }, () => '-');
  const { load } = r;
  return [
    String(r.instances),
    String(r.sockets),
    fmt(r.connectS, 1),
    perInstance(r.connectedRssMb),
    String(load.sent),
    String(load.acked),
    fmt(load.achievedRate, 0),
    String(load.errors),
    String(load.lost),
    String(load.duplicated),
    fmt(load.latency.p50, 1),
    fmt(load.latency.p95, 1),
    fmt(load.latency.p99, 1),
    fmt(load.latency.max, 1),
    fmt(load.ackLatency.p99, 1),
    perInstance(r.server.map((s) => s.cpuPercent)),
    perInstance(r.server.map((s) => s.runQueuePercent)),
    fmt(cpuMsPerDesire(r), 2),
    r.postgresCpuS === undefined ? '-' : fmt((r.postgresCpuS * 1000) / r.load.delivered, 2),
    perInstance(r.server.map((s) => s.peakRssMb)),
    `${fmt(load.clientLoopDelay.p99, 1)} / ${fmt(load.clientLoopDelay.max, 1)}`,
    `${load.clientGc.major} / ${fmt(load.clientGc.maxPauseMs, 1)}`,
  ];
}

const LABELS = [
  'instances',
  'sockets',
  'connect time (s)',
  'RSS connected (MB)',
  'desires sent',
  'acknowledged',
  'achieved rate (/s)',
  'errors',
  'lost',
  'duplicated',
  'latency p50 (ms)',
  'latency p95 (ms)',
  'latency p99 (ms)',
  'latency max (ms)',
  'ack p99 (ms)',
  'server CPU (% of a core)',
  'server waiting for a CPU (%)',
  'server CPU per desire (ms)',
  'PostgreSQL CPU per desire (ms)',
  'server RSS peak (MB)',
  'client event-loop delay p99 / max (ms)',
  'client major GCs / longest GC pause (ms)',
];

console.log(
  `delivery: mode=${options.mode} couples=${options.couples} rate=${options.rate}/s duration=${options.durationS}s client processes=${options.clientProcesses}`,
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

const baseline = flags.baseline === 'yes' ? await runBaseline(options) : undefined;
const ours = await runApp(options);
const b = column(baseline);
const o = column(ours);
printTable(
  `Delivery (${options.mode}, ${options.couples} couples, ${options.rate}/s for ${options.durationS} s)`,
  ['metric', 'baseline relay', 'server'],
  LABELS.map((label, i) => [label, b[i]!, o[i]!]),
);
if (baseline) {
  console.log(
    `p99 ratio (server / baseline): ${ratio(ours.load.latency.p99, baseline.load.latency.p99)}`,
  );
  console.log(
    `p50 ratio (server / baseline): ${ratio(ours.load.latency.p50, baseline.load.latency.p50)}`,
  );
}
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
const load = loadavg().map((v) => v.toFixed(1));
console.log(`machine load average (1, 5, 15 min) at the end: ${load.join(', ')}`);
console.log(`client CPU during the load: ${fmt(ours.load.clientCpuPercent, 0)}% of a core`);
console.log(`server RSS total peak: ${fmt(sum(ours.server.map((s) => s.peakRssMb)), 0)} MB`);
process.exit(0);
