/**
 * Delivery benchmark: N paired couples on socket.io, senders at a fixed total rate, latency from
 * emit to the partner's `new_message`. The same run measures the bare relay baseline first.
 *
 *   npm run bench:delivery -- --mode postgres --couples 200 --rate 200 --duration 10
 *   modes: pglite | postgres | redis (two instances on PostgreSQL + Redis, couples split)
 */
import { loadavg } from 'node:os';
import { parseFlags } from './lib/args.js';
import { runApp, runBaseline, type Mode, type ScenarioResult } from './lib/scenario.js';
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
});
if (!['pglite', 'postgres', 'redis'].includes(flags.mode))
  throw new Error('--mode pglite|postgres|redis');
const options = {
  mode: flags.mode as Mode,
  couples: flags.couples,
  rate: flags.rate,
  durationS: flags.duration,
  synchronousCommit: flags.synccommit === 'off' ? ('off' as const) : ('on' as const),
  nodeFlags: flags.cpuprof ? ['--cpu-prof', `--cpu-prof-dir=${flags.cpuprof}`] : [],
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const perInstance = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' + ');

/** CPU time the server processes spent per delivered desire, whatever the machine's contention. */
function cpuMsPerDesire(r: ScenarioResult): number {
  const cpuSeconds = sum(r.server.map((s) => s.cpuPercent / 100)) * r.load.windowS;
  return (cpuSeconds * 1000) / r.load.delivered;
}

function column(r: ScenarioResult | undefined): string[] {
  if (!r) return Array.from({ length: 20 }, () => '-');
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
];

console.log(
  `delivery: mode=${options.mode} couples=${options.couples} rate=${options.rate}/s duration=${options.durationS}s`,
);
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
const load = loadavg().map((v) => v.toFixed(1));
console.log(`machine load average (1, 5, 15 min) at the end: ${load.join(', ')}`);
console.log(`client CPU during the load: ${fmt(ours.load.clientCpuPercent, 0)}% of a core`);
console.log(`server RSS total peak: ${fmt(sum(ours.server.map((s) => s.peakRssMb)), 0)} MB`);
process.exit(0);
