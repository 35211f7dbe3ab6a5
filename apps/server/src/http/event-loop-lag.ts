export interface EventLoopLag {
  /**
   * How late the event loop is, in ms: the most its sampling timer ran late in the last
   * `windows` windows, or how overdue that timer is now (a loop too busy to run timers).
   */
  lastMs(): number;
  /** Forgets what it has seen and measures from now on (the start-up's work is no backlog). */
  restart(): void;
  stop(): void;
}

/**
 * How late the event loop runs, measured by a timer's own lateness. With PGlite on the server's
 * thread (PGLITE_THREAD=main) the database works on this loop, so an overload shows here first:
 * messages wait in the sockets' buffers, where no queue of ours can see them. A stall is
 * remembered for `windows` windows (half a second), long enough to refuse the requests that
 * waited behind it.
 */
export function watchEventLoopLag(windowMs = 250, windows = 2): EventLoopLag {
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
    lastMs: () => Math.max(0, ...recent, performance.now() - due),
    restart() {
      recent.length = 0;
      due = performance.now() + windowMs;
    },
    stop: () => clearInterval(timer),
  };
}
