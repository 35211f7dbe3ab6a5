import { describe, expect, it } from 'vitest';
import { column, cpuMsPerDesire, LABELS, summaryRows } from './delivery-report.js';
import { mergeLoadParts } from './load-result.js';
import type { LoadPart } from './load.js';
import { loadPart } from './load-part-fixture.js';
import type { ScenarioResult, StepResult } from './scenario.js';

/** A step whose desires all took `latency` ms, except one slower one (the p99 of 100). */
function step(rate: number, latency: number, slow: number, extra: Partial<LoadPart> = {}) {
  const part = loadPart({
    sent: 100,
    acked: 100,
    delivered: 100,
    bySecond: [[...Array.from({ length: 98 }, () => latency), slow, slow]],
    lastDeliveryS: 1,
    wallS: 2,
    ...extra,
  });
  const result: StepResult = {
    rate,
    server: [{ cpuPercent: 50, runQueuePercent: 10, peakRssMb: 200, lastRssMb: 200 }],
    load: mergeLoadParts([part], 0),
    loadAverage: [1.24, 0.5, 0.26],
  };
  return result;
}

const scenario = (...steps: StepResult[]): ScenarioResult => ({
  instances: 1,
  sockets: 200,
  connectS: 1,
  connectedRssMb: [150],
  steps,
});

describe('summaryRows', () => {
  it('puts the server against the floor at each rate', () => {
    const floor = scenario(step(100, 2, 10), step(500, 4, 20));
    const server = scenario(step(100, 3, 12), step(500, 4, 30, { errors: 2, lost: 1 }));
    const relay = scenario(step(100, 1, 2), step(500, 1, 3));
    expect(summaryRows([100, 500], { relay, floor, server })).toEqual([
      ['100', '1.0 / 2.0', '2.0 / 10.0', '3.0 / 12.0', '1.50×', '1.20×', '0 / 0', '1.2, 0.5, 0.3'],
      ['500', '1.0 / 3.0', '4.0 / 20.0', '4.0 / 30.0', '1.00×', '1.50×', '1 / 2', '1.2, 0.5, 0.3'],
    ]);
  });

  it('leaves the ratios out when the floor did not run', () => {
    const [row] = summaryRows([100], { server: scenario(step(100, 3, 12)) });
    expect(row).toEqual(['100', '-', '-', '3.0 / 12.0', '-', '-', '0 / 0', '1.2, 0.5, 0.3']);
  });
});

describe('column', () => {
  it('has a cell for every label, and dashes for a scenario that did not run', () => {
    const s = scenario(step(100, 3, 12));
    const cells = column(s, s.steps[0]);
    expect(cells).toHaveLength(LABELS.length);
    expect(cells[LABELS.indexOf('latency p99 (ms)')]).toBe('12.0');
    expect(column(undefined, undefined)).toEqual(LABELS.map(() => '-'));
  });

  it('charges the server CPU of the whole window to the delivered desires', () => {
    // 50 % of a core for 2 s = 1 s of CPU over 100 desires.
    expect(cpuMsPerDesire(step(100, 3, 12))).toBeCloseTo(10);
  });
});
