/**
 * Loaded into a server process with `--import` (bench:delivery --probe yes): once a second it
 * appends the event-loop delay and GC pauses of that second to BENCH_PROBE_FILE, so stalls in
 * the latency timeline can be told apart (server busy, collecting garbage, or waiting on others).
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const line = {
      at: Date.now(),
      loopMaxMs: delay.max / 1e6,
      loopP99Ms: delay.percentile(99) / 1e6,
      gcMs,
      gcMaxMs,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    gcMs = 0;
    gcMaxMs = 0;
  }, 1000).unref();
}
