import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopLag {
  /**
   * How late the event loop is, in ms: the longest delay of the last sample window, or, when the
   * window's own timer is overdue (a loop too busy to run timers), how overdue it is.
   */
  lastMs(): number;
  stop(): void;
}

/**
 * How late the event loop runs. On PGlite the database works on this thread, so an overload
 * shows here first: messages wait in the sockets' buffers, where no queue of ours can see them.
 */
export function watchEventLoopLag(windowMs = 250): EventLoopLag {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = 0;
  let sampledAt = performance.now();
  const timer = setInterval(() => {
    last = histogram.max / 1e6;
    histogram.reset();
    sampledAt = performance.now();
  }, windowMs);
  timer.unref();
  return {
    lastMs: () => Math.max(last, performance.now() - sampledAt - windowMs),
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
