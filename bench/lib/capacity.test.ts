import { describe, expect, it } from 'vitest';
import { capacity, commonSteps, cpuPerDesireOf } from './capacity.js';
import { mergeLoadParts } from './load-result.js';
import { loadPart } from './load-part-fixture.js';

const cpuPerDesire = { servers: 0.5, postgres: 0.4, clients: 0.1 };

describe('capacity', () => {
  it('bounds capped instances by their caps and the rest by the cores they leave', () => {
    // One instance at half a core: 0.5 core / 0.5 ms = 1000/s; 1.5 cores / 0.5 ms = 3000/s.
    expect(capacity({ cpuPerDesire, instances: 1, quotaCores: 0.5, cpus: 2 })).toEqual({
      instancesBound: 1000,
      restBound: 3000,
    });
    // Two: twice the cap, but what is left for PostgreSQL and the clients shrinks to one core.
    expect(capacity({ cpuPerDesire, instances: 2, quotaCores: 0.5, cpus: 2 })).toEqual({
      instancesBound: 2000,
      restBound: 2000,
    });
  });

  it('lets uncapped instances and the rest share every core', () => {
    expect(capacity({ cpuPerDesire, instances: 2, quotaCores: 0, cpus: 2 })).toEqual({
      instancesBound: 4000,
      restBound: 4000,
    });
  });
});

describe('cpuPerDesireOf', () => {
  it('divides each party’s CPU over the step by the desires delivered', () => {
    const load = mergeLoadParts(
      [loadPart({ delivered: 1000, wallS: 10, lastDeliveryS: 10, cpuSeconds: 1 })],
      0,
    );
    const step = {
      rate: 100,
      server: [{ cpuPercent: 5, runQueuePercent: 0, peakRssMb: 0, lastRssMb: 0 }],
      load,
      postgresCpuS: 0.4,
      loadAverage: [0, 0, 0],
    };
    const cpu = cpuPerDesireOf(step);
    expect(cpu.servers).toBeCloseTo(0.5);
    expect(cpu.postgres).toBeCloseTo(0.4);
    expect(cpu.clients).toBeCloseTo(1);
  });
});

describe('commonSteps', () => {
  it('picks in each run the step at the highest rate both reached', () => {
    const one = [{ rate: 200 }, { rate: 250 }];
    const two = [{ rate: 200 }, { rate: 250 }, { rate: 300 }];
    expect(commonSteps([one, two])).toEqual([{ rate: 250 }, { rate: 250 }]);
    // The two began higher (at 0.6× one's saturation): the nearest step at or below, else its first.
    expect(commonSteps([one, [{ rate: 240 }, { rate: 300 }]])).toEqual([
      { rate: 250 },
      { rate: 240 },
    ]);
    expect(commonSteps([[{ rate: 100 }], [{ rate: 150 }]])).toEqual([{ rate: 100 }, { rate: 150 }]);
  });
});
