/**
 * Start-up time: from spawning the server process to its first 200 from /api/health, for the
 * compiled server (`npm start`'s dist/server/main.js) and, as the same-run baseline, the same
 * source run through the tsx loader, plus a bare Node HTTP server (the floor on this machine).
 *
 *   npm run bench:start                       3 runs of each case, builds the server first
 *   npm run bench:start -- --runs 5 --build no --postgres no
 *
 * Cases: a fresh PGlite directory (first start: initdb and every migration), a restart on it
 * after SIGTERM, a restart after SIGKILL (PGlite recovers from its WAL), and PostgreSQL (a fresh
 * database: migrations included).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFlags, sleep } from './lib/args.js';
import { createBenchDatabase } from './lib/database.js';
import { ROOT, freePort } from './lib/server-process.js';
import { fmt, percentile } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ runs: 3, build: 'yes', postgres: 'yes' });

type Variant = 'compiled' | 'tsx';
const ENTRY: Record<Variant, string[]> = {
  compiled: ['--enable-source-maps', 'apps/server/dist/server/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
};
const BARE = [
  '-e',
  "require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, '127.0.0.1')",
];

interface Started {
  child: ChildProcess;
  ms: number;
}

/** Spawns node with the arguments and waits for GET /api/health to answer 200. */
async function timeStart(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = began + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, ms: performance.now() - began };
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not answer /api/health within 60 s`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Fresh, restart after SIGTERM and restart after SIGKILL on one new PGlite directory. */
async function pgliteCycle(variant: Variant): Promise<[number, number, number]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const fresh = await timeStart(ENTRY[variant], { DATA_DIR: dataDir });
    await stop(fresh.child, 'SIGTERM');
    const restart = await timeStart(ENTRY[variant], { DATA_DIR: dataDir });
    await stop(restart.child, 'SIGKILL');
    const recovered = await timeStart(ENTRY[variant], { DATA_DIR: dataDir });
    await stop(recovered.child, 'SIGTERM');
    return [fresh.ms, restart.ms, recovered.ms];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresStart(variant: Variant): Promise<number> {
  const database = await createBenchDatabase('postgres');
  try {
    const started = await timeStart(ENTRY[variant], database.serverEnv as Record<string, string>);
    await stop(started.child, 'SIGTERM');
    return started.ms;
  } finally {
    await database.drop();
  }
}

if (flags.build !== 'no') {
  const built = spawnSync('npm', ['run', 'build', '-w', '@couple/server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build -w @couple/server failed');
}

const samples = new Map<string, number[]>();
const add = (key: string, ms: number) => samples.set(key, [...(samples.get(key) ?? []), ms]);
const variants: Variant[] = ['compiled', 'tsx'];
// Interleaved, so a noisy moment of the machine hits every case alike.
for (let run = 0; run < flags.runs; run += 1) {
  const bare = await timeStart(BARE, {});
  await stop(bare.child, 'SIGTERM');
  add('bare node', bare.ms);
  for (const variant of variants) {
    const [fresh, restart, recovered] = await pgliteCycle(variant);
    add(`${variant} pglite fresh`, fresh);
    add(`${variant} pglite restart`, restart);
    add(`${variant} pglite after SIGKILL`, recovered);
    if (flags.postgres !== 'no') add(`${variant} postgres`, await postgresStart(variant));
  }
}

const floor = percentile(
  [...samples.get('bare node')!].sort((a, b) => a - b),
  50,
);
printTable(
  `Start to /api/health, ${flags.runs} runs each (ms)`,
  ['case', 'median', 'min', 'max', 'median − bare node'],
  [...samples].map(([key, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    return [
      key,
      fmt(median, 0),
      fmt(sorted[0]!, 0),
      fmt(sorted.at(-1)!, 0),
      key === 'bare node' ? '—' : fmt(median - floor, 0),
    ];
  }),
);
