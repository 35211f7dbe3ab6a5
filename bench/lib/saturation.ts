/**
 * The step/stop logic of a saturation run (`bench:delivery --saturate yes`): the rate grows by a
 * factor each step until a step fails (a desire refused with server_busy, any other error, a
 * desire lost or left unanswered, or p99 at the limit), then `refine` steps bisect between the last rate that passed
 * and the first that failed. The saturation rate is the highest that passed.
 */
import type { LoadCounts } from './load.js';
import type { LatencySummary } from './stats.js';

export interface SaturationPolicy {
  /** the first step's rate, desires/s */
  from: number;
  /** each step's rate over the last one's while every step passes, e.g. 1.25 */
  factor: number;
  /** never offer more than this (keeps a run bounded when nothing fails) */
  maxRate: number;
  /** a step whose p99 reaches this fails */
  p99LimitMs: number;
  /** bisection steps after the first failure */
  refine: number;
}

export const DEFAULT_POLICY: SaturationPolicy = {
  from: 200,
  factor: 1.25,
  maxRate: 20_000,
  p99LimitMs: 50,
  refine: 1,
};

/** What a step's verdict needs of it. */
export interface StepOutcome {
  rate: number;
  load: Pick<LoadCounts, 'sent' | 'acked' | 'errors' | 'refused' | 'lost'> & {
    latency: Pick<LatencySummary, 'p99'>;
  };
}

export type Verdict = 'passed' | 'refused' | 'errors' | 'lost' | 'unanswered' | 'slow';

/** Why a step failed, worst first, or 'passed'. */
export function verdictOf(step: StepOutcome, p99LimitMs: number): Verdict {
  const { sent, acked, errors, refused, lost, latency } = step.load;
  if (lost > 0) return 'lost';
  // Neither acknowledged nor failed when the drain ended: as good as lost for a saturation.
  if (sent > acked + errors) return 'unanswered';
  if (refused > 0) return 'refused';
  if (errors > 0) return 'errors';
  // No delivery at all (NaN) is no pass either.
  if (!(latency.p99 < p99LimitMs)) return 'slow';
  return 'passed';
}

/** Rates are offered in tens: easier to read and to rerun. */
export const roundRate = (rate: number) => Math.max(10, Math.round(rate / 10) * 10);

/** The next step's rate, or undefined when the run is over. */
export function nextRate(steps: StepOutcome[], policy: SaturationPolicy): number | undefined {
  if (steps.length === 0) return roundRate(policy.from);
  const passed = (s: StepOutcome) => verdictOf(s, policy.p99LimitMs) === 'passed';
  const firstFailure = steps.findIndex((s) => !passed(s));
  if (firstFailure === -1) {
    const last = steps.at(-1)!.rate;
    if (last >= policy.maxRate) return undefined;
    return Math.min(policy.maxRate, Math.max(last + 10, roundRate(last * policy.factor)));
  }
  if (steps.length - 1 - firstFailure >= policy.refine) return undefined;
  const low = saturationRate(steps, policy.p99LimitMs);
  if (low === undefined) return undefined;
  const high = Math.min(...steps.filter((s) => !passed(s)).map((s) => s.rate));
  const middle = roundRate((low + high) / 2);
  return middle > low && middle < high ? middle : undefined;
}

/** The highest rate that passed, but only below every rate that failed (a lucky step after a
 * failure at a lower rate does not count). */
export function saturationRate(steps: StepOutcome[], p99LimitMs: number): number | undefined {
  const failed = steps.filter((s) => verdictOf(s, p99LimitMs) !== 'passed').map((s) => s.rate);
  const ceiling = Math.min(Infinity, ...failed);
  const passed = steps
    .filter((s) => verdictOf(s, p99LimitMs) === 'passed' && s.rate < ceiling)
    .map((s) => s.rate);
  return passed.length ? Math.max(...passed) : undefined;
}
