import { readFileSync } from 'node:fs';

/** Linux reports CPU time in clock ticks; 100 per second on every mainstream kernel. */
const CLOCK_TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 250;

export interface ProcSample {
  /** user + system CPU time of the process, in seconds */
  cpuSeconds: number;
  rssBytes: number;
  /** time the main thread was runnable but waiting for a CPU (from /proc/<pid>/schedstat) */
  runDelaySeconds: number;
  atMs: number;
}

/** The command name and user + system CPU clock ticks in the text of /proc/<pid>/stat. */
export function parseProcStat(stat: string): { name: string; ticks: number } {
  // Fields after the command name (which may contain spaces) start at field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** One reading of /proc/<pid>/stat and /proc/<pid>/status (what pidusage does); undefined once gone. */
export function readProc(pid: number): ProcSample | undefined {
  try {
    const { ticks } = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    const schedstat = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ');
    return {
      cpuSeconds: ticks / CLOCK_TICKS_PER_SECOND,
      rssBytes: rssKb * 1024,
      runDelaySeconds: Number(schedstat[1] ?? 0) / 1e9,
      atMs: performance.now(),
    };
  } catch {
    return undefined;
  }
}

export interface WindowStats {
  /** percent of one core (200 = both cores of this machine) */
  cpuPercent: number;
  /** % of the window the main thread was ready to run but waited for a CPU (machine contention) */
  runQueuePercent: number;
  peakRssMb: number;
  lastRssMb: number;
}

/** Samples a set of processes every 250 ms; window() reports CPU and peak RSS since begin(). */
export class ProcessMonitor {
  private timer: NodeJS.Timeout | undefined;
  private start = new Map<number, ProcSample>();
  private peak = new Map<number, number>();
  private last = new Map<number, number>();

  constructor(private readonly pids: number[]) {}

  begin(): void {
    this.stop();
    for (const pid of this.pids) {
      const sample = readProc(pid);
      if (sample) this.start.set(pid, sample);
      this.peak.set(pid, sample?.rssBytes ?? 0);
      this.last.set(pid, sample?.rssBytes ?? 0);
    }
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  private sample(): void {
    for (const pid of this.pids) {
      const rss = readProc(pid)?.rssBytes;
      if (rss === undefined) continue;
      this.last.set(pid, rss);
      this.peak.set(pid, Math.max(rss, this.peak.get(pid) ?? 0));
    }
  }

  /** Per process: CPU % of one core over the window, peak and last RSS in MB. */
  window(): WindowStats[] {
    this.sample();
    return this.pids.map((pid) => {
      const first = this.start.get(pid);
      const now = readProc(pid);
      const seconds = first && now ? (now.atMs - first.atMs) / 1000 : Number.NaN;
      const share = (from?: number, to?: number) =>
        from === undefined || to === undefined ? 0 : ((to - from) / seconds) * 100;
      return {
        cpuPercent: share(first?.cpuSeconds, now?.cpuSeconds),
        runQueuePercent: share(first?.runDelaySeconds, now?.runDelaySeconds),
        peakRssMb: (this.peak.get(pid) ?? 0) / 2 ** 20,
        lastRssMb: (this.last.get(pid) ?? 0) / 2 ** 20,
      };
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
