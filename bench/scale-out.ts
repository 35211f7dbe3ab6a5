/**
 * Scale-out: the saturation rate (bench:delivery --saturate) of one instance on PostgreSQL, then
 * of two instances on PostgreSQL + Redis with every couple split across them (partner a on the
 * first, partner b on the second, so every desire crosses Redis), and the ratio. Each instance is
 * placed the same way in both runs (lib/placement.ts): by default pinned to a CPU of its own and
 * capped at half a core, so each run gives every instance the same CPU and leaves the rest of the
 * machine to PostgreSQL, Redis and the clients, which the two instances need twice as much of.
 *
 *   npm run bench:scale-out -- --couples 1000 --duration 10 --pin yes --quota 0.5
 */
import { availableParallelism } from 'node:os';
import { parseFlags } from './lib/args.js';
import { capacity, commonSteps, cpuPerDesireOf } from './lib/capacity.js';
import { loadAverageText } from './lib/delivery-report.js';
import { placementText, type Placement } from './lib/placement.js';
import { DEFAULT_POLICY, roundRate, type SaturationPolicy } from './lib/saturation.js';
import { saturate, type Saturation } from './lib/saturation-run.js';
import { DEFAULT_CLIENT_PROCESSES, type ScenarioOptions, type StepResult } from './lib/scenario.js';
import { fmt, ratio } from './lib/stats.js';
import { printTable } from './lib/table.js';

const TARGET = 1.6;

const flags = parseFlags({
  couples: 1000,
  duration: 10,
  from: DEFAULT_POLICY.from,
  factor: DEFAULT_POLICY.factor,
  maxrate: DEFAULT_POLICY.maxRate,
  refine: DEFAULT_POLICY.refine,
  p99limit: DEFAULT_POLICY.p99LimitMs,
  clients: DEFAULT_CLIENT_PROCESSES,
  pin: 'yes',
  quota: 0.5,
});
const placement: Placement = { pin: flags.pin === 'yes', quotaCores: flags.quota };
const policy: SaturationPolicy = {
  from: flags.from,
  factor: flags.factor,
  maxRate: flags.maxrate,
  refine: flags.refine,
  p99LimitMs: flags.p99limit,
};
const base: Omit<ScenarioOptions, 'mode'> = {
  couples: flags.couples,
  rate: flags.from,
  durationS: flags.duration,
  clientProcesses: flags.clients,
  placement,
};

console.log(`scale-out: ${flags.couples} couples, ${placementText(placement)}`);
const one = await saturate({ ...base, mode: 'postgres' }, policy, 'One instance');
// Two instances start well below where one stopped (the steps under it would pass anyway); a
// first step that fails there says the pair carries less than 0.6× one, with no rate.
const twoFrom = one.rate ? roundRate(one.rate * 0.6) : policy.from;
const two = await saturate(
  { ...base, mode: 'redis' },
  { ...policy, from: Math.max(policy.from, twoFrom) },
  'Two instances',
);

const rateText = (rate: number | undefined) => (rate === undefined ? 'none' : `${rate}/s`);
/** The CPU picture at a run's step: its CPU per desire and the rates the CPU allows. */
function cpuRow(label: string, run: Saturation, top: StepResult, instances: number) {
  const cpu = cpuPerDesireOf(top);
  const bound = capacity({ cpuPerDesire: cpu, instances, quotaCores: flags.quota, cpus });
  const cells = [
    label,
    rateText(run.rate),
    `${top.rate}/s`,
    fmt(cpu.servers, 2),
    fmt(cpu.postgres, 2),
    fmt(cpu.clients, 2),
    fmt(bound.instancesBound, 0),
    fmt(bound.restBound, 0),
    loadAverageText(top),
  ];
  return { cells, cpuBound: Math.min(bound.instancesBound, bound.restBound) };
}
const cpus = availableParallelism();
const [oneAt, twoAt] = commonSteps([one.result.steps, two.result.steps]);
const rows = [
  cpuRow('one instance', one, oneAt!, 1),
  cpuRow('two instances (Redis)', two, twoAt!, 2),
];
printTable(
  `Scale-out (${flags.couples} couples, ${flags.duration} s a step; ${placementText(placement)}; ${cpus} CPUs)`,
  [
    '',
    'saturation rate',
    'CPU measured at',
    'servers CPU / desire (ms)',
    'PostgreSQL CPU / desire (ms)',
    'clients CPU / desire (ms)',
    'rate the instances’ CPU allows (/s)',
    'rate the rest of the machine allows (/s)',
    'load average',
  ],
  rows.map((r) => r.cells),
);
console.log(
  `two / one, saturation rate: ${ratio(two.rate ?? Number.NaN, one.rate ?? Number.NaN)} (target at least ${TARGET}×)`,
);
console.log(
  `two / one, CPU-bound rate (the lower of the two bounds, at the same offered rate): ${ratio(rows[1]!.cpuBound, rows[0]!.cpuBound)}`,
);
process.exit(0);
