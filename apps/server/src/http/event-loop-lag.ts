export interface EventLoopLag {
  /**
   * How many of the last `windows` windows the event loop ran later than `limitMs` in, counting
   * the present one when its sampler is already that overdue (a loop too busy to run timers).
   */
  lateWindows(limitMs: number): number;
  /** Forgets what it has seen and measures from now on (the start-up's work is no backlog). */
  restart(): void;
  stop(): void;
}

/**
 * How late the event loop runs, measured by a timer's own lateness once per window. With PGlite
 * on the server's thread (PGLITE_THREAD=main) the database works on this loop, so an overload
 * shows here first: messages wait in the sockets' buffers, where no queue of ours can see them.
 * The last `windows` windows (a second) are remembered, so that the caller can tell a loop that
 * keeps running late from a single stall (a pause of the machine, a start-up's compile).
 */
export function watchEventLoopLag(windowMs = 250, windows = 4): EventLoopLag {
  const recent: number[] = [];
  let due = performance.now() + windowMs;
  const timer = setInterval(() => {
    const now = performance.now();
    recent.push(Math.max(0, now - due));
    if (recent.length > windows) recent.shift();
    due = now + windowMs;
  }, windowMs);
  timer.unref();
  return {
    lateWindows(limitMs) {
      const overdue = performance.now() - due;
      const seen = overdue > limitMs ? [...recent, overdue].slice(-windows) : recent;
      return seen.filter((lateMs) => lateMs > limitMs).length;
    },
    restart() {
      recent.length = 0;
      due = performance.now() + windowMs;
    },
    stop: () => clearInterval(timer),
  };
}
