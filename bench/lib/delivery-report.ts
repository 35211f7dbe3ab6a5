/** The tables of `bench:delivery`: one column per scenario, and a row per rate against the floor. */
import type { ScenarioResult, StepResult } from './scenario.js';
import { fmt, ratio } from './stats.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const perInstance = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' + ');

/** CPU time the server processes spent per delivered desire, whatever the machine's contention. */
export function cpuMsPerDesire(step: StepResult): number {
  const cpuSeconds = sum(step.server.map((s) => s.cpuPercent / 100)) * step.load.windowS;
  return (cpuSeconds * 1000) / step.load.delivered;
}

export const loadAverageText = (step: StepResult) =>
  step.loadAverage.map((v) => v.toFixed(1)).join(', ');

export const LABELS = [
  'instances',
  'sockets',
  'connect time (s)',
  'RSS connected (MB)',
  'desires sent',
  'acknowledged',
  'achieved rate (/s)',
  'errors',
  'refused (server_busy)',
  'lost',
  'duplicated',
  'latency p50 (ms)',
  'latency p95 (ms)',
  'latency p99 (ms)',
  'latency max (ms)',
  'ack p99 (ms)',
  'process CPU (% of a core)',
  'process waiting for a CPU (%)',
  'process CPU per desire (ms)',
  'PostgreSQL CPU per desire (ms)',
  'process RSS peak (MB)',
  'client event-loop delay p99 / max (ms)',
  'client major GCs / longest GC pause (ms)',
  'load average at the end (1, 5, 15 min)',
];

/** One scenario's column at one step; '-' everywhere when the scenario did not run. */
export function column(r: ScenarioResult | undefined, step: StepResult | undefined): string[] {
  if (!r || !step) return LABELS.map(() => '-');
  const { load } = step;
  return [
    String(r.instances),
    String(r.sockets),
    fmt(r.connectS, 1),
    perInstance(r.connectedRssMb),
    String(load.sent),
    String(load.acked),
    fmt(load.achievedRate, 0),
    String(load.errors),
    String(load.refused),
    String(load.lost),
    String(load.duplicated),
    fmt(load.latency.p50, 1),
    fmt(load.latency.p95, 1),
    fmt(load.latency.p99, 1),
    fmt(load.latency.max, 1),
    fmt(load.ackLatency.p99, 1),
    perInstance(step.server.map((s) => s.cpuPercent)),
    perInstance(step.server.map((s) => s.runQueuePercent)),
    fmt(cpuMsPerDesire(step), 2),
    step.postgresCpuS === undefined ? '-' : fmt((step.postgresCpuS * 1000) / load.delivered, 2),
    perInstance(step.server.map((s) => s.peakRssMb)),
    `${fmt(load.clientLoopDelay.p99, 1)} / ${fmt(load.clientLoopDelay.max, 1)}`,
    `${load.clientGc.major} / ${fmt(load.clientGc.maxPauseMs, 1)}`,
    loadAverageText(step),
  ];
}

const latencies = (step: StepResult | undefined) =>
  step ? `${fmt(step.load.latency.p50, 1)} / ${fmt(step.load.latency.p99, 1)}` : '-';

export const SUMMARY_HEADERS = [
  'rate (/s)',
  'relay p50 / p99 (ms)',
  'floor p50 / p99 (ms)',
  'server p50 / p99 (ms)',
  'server / floor p50',
  'server / floor p99',
  'server lost / errors',
  'load average',
];

/** One row per rate: the three columns' p50 and p99, and the server's as a multiple of the floor's. */
export function summaryRows(
  rates: number[],
  scenarios: { relay?: ScenarioResult; floor?: ScenarioResult; server: ScenarioResult },
): string[][] {
  return rates.map((rate, i) => {
    const relay = scenarios.relay?.steps[i];
    const floor = scenarios.floor?.steps[i];
    const server = scenarios.server.steps[i];
    const p = (key: 'p50' | 'p99') =>
      server && floor ? ratio(server.load.latency[key], floor.load.latency[key]) : '-';
    return [
      String(rate),
      latencies(relay),
      latencies(floor),
      latencies(server),
      p('p50'),
      p('p99'),
      server ? `${server.load.lost} / ${server.load.errors}` : '-',
      server ? loadAverageText(server) : '-',
    ];
  });
}

export const SATURATION_HEADERS = [
  'rate (/s)',
  'sent',
  'achieved (/s)',
  'p50 (ms)',
  'p99 (ms)',
  'max (ms)',
  'refused',
  'errors',
  'lost',
  'server CPU (%)',
  'server waiting (%)',
  'server CPU / desire (ms)',
  'PostgreSQL CPU / desire (ms)',
  'client CPU (%)',
  'load average',
  'verdict',
];

/** One saturation step: what was offered, what came through, what it cost, and its verdict. */
export function saturationRow(step: StepResult, verdict: string): string[] {
  const { load } = step;
  return [
    String(step.rate),
    String(load.sent),
    fmt(load.achievedRate, 0),
    fmt(load.latency.p50, 1),
    fmt(load.latency.p99, 1),
    fmt(load.latency.max, 1),
    String(load.refused),
    String(load.errors),
    String(load.lost),
    perInstance(step.server.map((s) => s.cpuPercent)),
    perInstance(step.server.map((s) => s.runQueuePercent)),
    fmt(cpuMsPerDesire(step), 2),
    step.postgresCpuS === undefined ? '-' : fmt((step.postgresCpuS * 1000) / load.delivered, 2),
    fmt(load.clientCpuPercent, 0),
    loadAverageText(step),
    verdict,
  ];
}
