import { afterEach, describe, expect, it } from 'vitest';
import { watchEventLoopLag, type EventLoopLag } from './event-loop-lag.js';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A synchronous stretch: the loop can run nothing else.
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchEventLoopLag', () => {
  let lag: EventLoopLag | undefined;
  afterEach(() => lag?.stop());

  it('reads a loop that is stalled now as late as its sampler is overdue', () => {
    lag = watchEventLoopLag(50);
    block(400);
    expect(lag.lastMs()).toBeGreaterThanOrEqual(300);
  });

  it('remembers a stall for the next windows, then forgets it', async () => {
    lag = watchEventLoopLag(50, 4);
    block(300);
    await sleep(80);
    expect(lag.lastMs()).toBeGreaterThanOrEqual(250);
    await sleep(400);
    expect(lag.lastMs()).toBeLessThan(250);
  });
});
