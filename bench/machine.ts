/**
 * What the whole machine did, 10 times a second, beside a benchmark run: CPU split (user, system,
 * softirq, steal, idle), CPU by process (PostgreSQL's backends together), and what PostgreSQL's
 * active backends on bench databases wait for (pg_stat_activity every 50 ms). Finds who took
 * the CPUs during a latency burst.
 *
 *   npm run bench:machine -- --record /tmp/machine.jsonl --seconds 330 &
 *   npm run bench:delivery -- … --timeline yes          (prints "first desire sent at <iso>")
 *   npm run bench:machine -- --report /tmp/machine.jsonl --from <iso> --seconds 60
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { parseFlags } from './lib/args.js';
import { parseProcStat } from './lib/proc-stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ record: '', report: '', seconds: 60, from: '' });

interface Sample {
  at: number;
  /** clock ticks (1/100 s) of all CPUs in the last 100 ms */
  cpu: Record<'user' | 'sys' | 'softirq' | 'steal' | 'idle' | 'iowait', number>;
  /** clock ticks by process ("postgres", else "name:pid") */
  byProcess: Record<string, number>;
  /** summed count of active backends per wait ("cpu" when none), and how many polls */
  waits: Record<string, number>;
  polls: number;
}

function machineTicks(): number[] {
  const first = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  return first.split(/\s+/).slice(1).map(Number);
}

function processTicks(): Map<string, { name: string; ticks: number }> {
  const out = new Map<string, { name: string; ticks: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      out.set(pid, parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return out;
}

async function record(file: string, seconds: number): Promise<void> {
  writeFileSync(file, '');
  const client = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  await client.connect();
  let lastMachine = machineTicks();
  let lastProcesses = processTicks();
  let waits: Record<string, number> = {};
  let polls = 0;
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    client
      .query<{ wait: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'cpu') AS wait, count(*)::int AS n
         FROM pg_stat_activity WHERE datname LIKE 'bench_%' AND state = 'active' GROUP BY 1`,
      )
      .then(({ rows }) => {
        polls += 1;
        for (const { wait, n } of rows) waits[wait] = (waits[wait] ?? 0) + n;
      })
      .catch(() => undefined)
      .finally(() => (polling = false));
  }, 50);
  const sample = setInterval(() => {
    const machine = machineTicks();
    const d = machine.map((v, i) => v - (lastMachine[i] ?? 0));
    lastMachine = machine;
    const processes = processTicks();
    const byProcess: Record<string, number> = {};
    for (const [pid, { name, ticks }] of processes) {
      const used = ticks - (lastProcesses.get(pid)?.ticks ?? ticks);
      if (used <= 0) continue;
      const key = name === 'postgres' ? 'postgres' : `${name}:${pid}`;
      byProcess[key] = (byProcess[key] ?? 0) + used;
    }
    lastProcesses = processes;
    const line: Sample = {
      at: Date.now(),
      cpu: {
        user: d[0]! + d[1]!,
        sys: d[2]!,
        idle: d[3]!,
        iowait: d[4]!,
        softirq: d[5]! + d[6]!,
        steal: d[7]!,
      },
      byProcess,
      waits,
      polls,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    waits = {};
    polls = 0;
  }, 100);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(sample);
  clearInterval(poll);
  await client.end();
}

function report(file: string, from: number, seconds: number): void {
  const samples = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Sample);
  const top = (totals: Record<string, number>, n: number, scale: number) =>
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, value]) => `${key} ${Math.round(value * scale)}`)
      .join(', ');
  const rows: string[][] = [];
  for (let s = 0; s < seconds; s += 1) {
    const window = samples.filter((x) => x.at > from + s * 1000 && x.at <= from + (s + 1) * 1000);
    if (!window.length) continue;
    const sum = (key: keyof Sample['cpu']) => window.reduce((a, x) => a + x.cpu[key], 0);
    const processes: Record<string, number> = {};
    const waits: Record<string, number> = {};
    let polls = 0;
    for (const x of window) {
      for (const [k, v] of Object.entries(x.byProcess)) processes[k] = (processes[k] ?? 0) + v;
      for (const [k, v] of Object.entries(x.waits)) waits[k] = (waits[k] ?? 0) + v;
      polls += x.polls;
    }
    rows.push([
      String(s),
      ...(['user', 'sys', 'softirq', 'steal', 'idle'] as const).map((k) => String(sum(k))),
      top(processes, 3, 1),
      top(waits, 3, polls ? 100 / polls : 0),
    ]);
  }
  printTable(
    `Machine per second from ${new Date(from).toISOString()} (CPU in % of one core; waits: active PostgreSQL backends × 100)`,
    ['second', 'user', 'system', 'softirq', 'steal', 'idle', 'top processes', 'PostgreSQL waits'],
    rows,
  );
}

if (flags.record) await record(flags.record, flags.seconds);
else if (flags.report) report(flags.report, Date.parse(flags.from), flags.seconds);
else throw new Error('--record FILE or --report FILE --from ISO');
process.exit(0);
