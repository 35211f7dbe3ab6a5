import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchEventLoopLag, type EventLoopLag } from './event-loop-lag.js';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A synchronous stretch: the loop can run nothing else.
  }
};

describe('watchEventLoopLag', () => {
  let lag: EventLoopLag | undefined;
  afterEach(() => {
    lag?.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts the present window as late when its sampler is overdue past the limit', () => {
    lag = watchEventLoopLag(50);
    // A slower machine only blocks longer: the sampler is at least 350 ms overdue.
    block(400);
    expect(lag.lateWindows(300)).toBe(1);
  });

  it('remembers a stall for the next windows, then forgets it', async () => {
    // The sampler runs on its real timer, counted here, and reads a fake clock that stands
    // still unless the test moves it: a stall is the clock moving while no timer runs, and
    // every other sample is exactly on time, however busy the machine.
    let samples = 0;
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((sample: () => void, ms: number) =>
      realSetInterval(() => {
        sample();
        samples += 1;
      }, ms)) as typeof setInterval);
    const sampled = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (samples < count) {
        if (Date.now() > deadline) throw new Error(`only ${samples} of ${count} samples`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    vi.useFakeTimers({ toFake: ['performance'] });

    lag = watchEventLoopLag(50, 4);
    vi.advanceTimersByTime(300);
    expect(lag.lateWindows(249)).toBe(1);
    expect(lag.lateWindows(250)).toBe(0);
    await sampled(1);
    expect(lag.lateWindows(249)).toBe(1);
    // Three more windows still hold it; the fourth after it does not.
    await sampled(4);
    expect(lag.lateWindows(249)).toBe(1);
    await sampled(5);
    expect(lag.lateWindows(0)).toBe(0);
    // Two stalls a window apart are two late windows.
    vi.advanceTimersByTime(300);
    await sampled(6);
    vi.advanceTimersByTime(300);
    expect(lag.lateWindows(249)).toBe(2);
  });

  it('forgets a stall, past or present, when restarted', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    lag = watchEventLoopLag(50, 4);
    vi.advanceTimersByTime(300);
    expect(lag.lateWindows(100)).toBe(1);
    lag.restart();
    expect(lag.lateWindows(0)).toBe(0);
    // From then on it measures again.
    vi.advanceTimersByTime(120);
    expect([lag.lateWindows(69), lag.lateWindows(70)]).toEqual([1, 0]);
  });
});
