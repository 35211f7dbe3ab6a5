import { describe, expect, it } from 'vitest';
import { shareOut } from './client-fleet.js';
import { loadPart } from './load-part-fixture.js';
import { mergeLoadParts } from './load-result.js';

const part = loadPart;

describe('shareOut', () => {
  it('splits a total in proportion to the weights and loses nothing to rounding', () => {
    expect(
      shareOut(
        60_000,
        [2500, 2500, 2500, 2500].map((n) => n * 2),
      ),
    ).toEqual([15_000, 15_000, 15_000, 15_000]);
    const uneven = shareOut(1001, [4, 4, 2]);
    expect(uneven.reduce((a, b) => a + b, 0)).toBe(1001);
    expect(uneven).toEqual([401, 400, 200]);
  });
});

describe('mergeLoadParts', () => {
  it('adds counts, pools latencies per second and keeps the worst process’s stalls', () => {
    const merged = mergeLoadParts(
      [
        part({
          sent: 3,
          acked: 3,
          delivered: 3,
          bySecond: [[1, 2], [3]],
          ackLatencies: [1, 1, 1],
          lastDeliveryS: 1.5,
          wallS: 2,
          cpuSeconds: 0.5,
          loopDelay: { p99: 4, max: 30 },
          gc: { major: 1, maxPauseMs: 12 },
        }),
        part({
          sent: 2,
          acked: 1,
          errors: 1,
          refused: 1,
          delivered: 1,
          lost: 0,
          duplicated: 1,
          bySecond: [[100]],
          ackLatencies: [2],
          lastDeliveryS: 0.5,
          wallS: 2.5,
          cpuSeconds: 0.75,
          loopDelay: { p99: 9, max: 20 },
          gc: { major: 2, maxPauseMs: 5 },
        }),
      ],
      1234,
    );
    expect(merged).toMatchObject({
      sent: 5,
      acked: 4,
      errors: 1,
      refused: 1,
      delivered: 4,
      duplicated: 1,
      clientProcesses: 2,
      startedAt: 1234,
      windowS: 2.5,
      clientCpuPercent: 50,
      clientLoopDelay: { p99: 9, max: 30 },
      clientGc: { major: 3, maxPauseMs: 12 },
    });
    expect(merged.achievedRate).toBeCloseTo(4 / 1.5);
    expect(merged.latency).toMatchObject({ count: 4, max: 100, p50: 2 });
    expect(merged.timeline.map((s) => s.count)).toEqual([3, 1]);
    expect(merged.timeline[0]!.max).toBe(100);
    expect(merged.ackLatency.count).toBe(4);
  });
});
