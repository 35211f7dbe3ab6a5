import pg from 'pg';
import { readProc } from './proc-stats.js';

const SAMPLE_EVERY_MS = 500;

/**
 * CPU seconds used by the PostgreSQL backends connected to one database (the server's pools)
 * between start() and stop(), read from /proc like the server's own: PostgreSQL runs on this
 * machine too. Sampled every 500 ms, so that backends the pool closes meanwhile still count.
 */
export class PostgresCpuMonitor {
  private readonly client: pg.Client;
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  private async sample(initial: boolean): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const cpu = readProc(pid)?.cpuSeconds;
      if (cpu === undefined) continue;
      // A backend first seen after start() began during the window: all of its CPU counts.
      if (!this.first.has(pid)) this.first.set(pid, initial ? cpu : 0);
      this.last.set(pid, cpu);
    }
  }

  async start(): Promise<void> {
    await this.client.connect();
    await this.sample(true);
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample(false)).catch(() => undefined);
    }, SAMPLE_EVERY_MS);
  }

  /** CPU seconds over the window. */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sampling;
    await this.sample(false);
    await this.client.end();
    let total = 0;
    for (const [pid, cpu] of this.last) total += cpu - (this.first.get(pid) ?? 0);
    return total;
  }
}
