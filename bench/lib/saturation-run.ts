import { SATURATION_HEADERS, saturationRow } from './delivery-report.js';
import { nextRate, saturationRate, verdictOf, type SaturationPolicy } from './saturation.js';
import { runApp, type ScenarioOptions, type ScenarioResult } from './scenario.js';
import { printTable } from './table.js';

export interface Saturation {
  result: ScenarioResult;
  /** the highest rate with p99 under the limit and nothing refused, failed or lost */
  rate: number | undefined;
}

/** Raises the server's rate step by step on one set of connected sockets (lib/saturation.ts). */
export async function saturate(
  options: ScenarioOptions,
  policy: SaturationPolicy,
  title: string,
): Promise<Saturation> {
  console.log(
    `\n${title}: from ${policy.from}/s, ×${policy.factor} a step, ${options.durationS} s each`,
  );
  const result = await runApp({
    ...options,
    plan: (steps) => nextRate(steps, policy),
    onStep: (step) =>
      console.log(
        `  ${step.rate}/s: ${verdictOf(step, policy.p99LimitMs)}, p99 ${step.load.latency.p99.toFixed(1)} ms`,
      ),
  });
  const rate = saturationRate(result.steps, policy.p99LimitMs);
  printTable(
    `${title} (${result.instances} instance(s), ${options.couples} couples, ${options.durationS} s a step)`,
    SATURATION_HEADERS,
    result.steps.map((step) => saturationRow(step, verdictOf(step, policy.p99LimitMs))),
  );
  console.log(
    `${title}: highest rate with p99 under ${policy.p99LimitMs} ms and nothing refused or lost: ${rate === undefined ? `none (the first step, ${policy.from}/s, failed)` : `${rate}/s`}`,
  );
  return { result, rate };
}
