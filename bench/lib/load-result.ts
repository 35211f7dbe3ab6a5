import type { LoadCounts, LoadPart } from './load.js';
import { summarize, type LatencySummary } from './stats.js';

export interface LoadResult extends LoadCounts {
  achievedRate: number;
  latency: LatencySummary;
  ackLatency: LatencySummary;
  /** all client processes together, % of one core */
  clientCpuPercent: number;
  /** the worst client process's event-loop delay: its stalls count in its desires' latency */
  clientLoopDelay: { p99: number; max: number };
  /** major GCs of all client processes during the run, and the longest GC pause of any */
  clientGc: { major: number; maxPauseMs: number };
  clientProcesses: number;
  /** per second of the run (by send time): deliveries and their latency */
  timeline: LatencySummary[];
  /** Date.now() when the first desire was sent (second 0 of the timeline) */
  startedAt: number;
  /** seconds from the first send to the end of the drain (the window CPU is measured over) */
  windowS: number;
}

const sumOf = (parts: LoadPart[], pick: (p: LoadPart) => number) =>
  parts.reduce((total, part) => total + pick(part), 0);
const maxOf = (parts: LoadPart[], pick: (p: LoadPart) => number) => Math.max(0, ...parts.map(pick));

/** One result from the parts of client processes that started on the same tick (startedAt). */
export function mergeLoadParts(parts: LoadPart[], startedAt: number): LoadResult {
  const seconds = maxOf(parts, (p) => p.bySecond.length);
  const timeline = Array.from({ length: seconds }, (_, i) =>
    summarize(parts.flatMap((p) => p.bySecond[i] ?? [])),
  );
  const delivered = sumOf(parts, (p) => p.delivered);
  const windowS = maxOf(parts, (p) => p.wallS);
  return {
    sent: sumOf(parts, (p) => p.sent),
    acked: sumOf(parts, (p) => p.acked),
    errors: sumOf(parts, (p) => p.errors),
    refused: sumOf(parts, (p) => p.refused),
    delivered,
    lost: sumOf(parts, (p) => p.lost),
    duplicated: sumOf(parts, (p) => p.duplicated),
    achievedRate: delivered / (maxOf(parts, (p) => p.lastDeliveryS) || 1),
    latency: summarize(parts.flatMap((p) => p.bySecond.flat())),
    ackLatency: summarize(parts.flatMap((p) => p.ackLatencies)),
    clientCpuPercent: (sumOf(parts, (p) => p.cpuSeconds) / (windowS || 1)) * 100,
    clientLoopDelay: {
      p99: maxOf(parts, (p) => p.loopDelay.p99),
      max: maxOf(parts, (p) => p.loopDelay.max),
    },
    clientGc: {
      major: sumOf(parts, (p) => p.gc.major),
      maxPauseMs: maxOf(parts, (p) => p.gc.maxPauseMs),
    },
    clientProcesses: parts.length,
    timeline,
    startedAt,
    windowS,
  };
}
