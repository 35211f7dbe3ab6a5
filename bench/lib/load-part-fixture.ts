import type { LoadPart } from './load.js';

/** A client process's part of a load for the tests: zero everywhere but the overrides. */
export function loadPart(overrides: Partial<LoadPart>): LoadPart {
  return {
    sent: 0,
    acked: 0,
    errors: 0,
    refused: 0,
    delivered: 0,
    lost: 0,
    duplicated: 0,
    bySecond: [],
    ackLatencies: [],
    lastDeliveryS: 0,
    wallS: 0,
    cpuSeconds: 0,
    loopDelay: { p99: 0, max: 0 },
    gc: { major: 0, maxPauseMs: 0 },
    ...overrides,
  };
}
