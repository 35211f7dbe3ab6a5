import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sleep } from './args.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The server the benchmarks start: its TypeScript under tsx, or with BENCH_SERVER=built the
 * compiled server production runs (`npm run build -w @couple/server` first). tsx adds about
 * 110 MB of RSS, so memory figures are read from the compiled one.
 */
export const SERVER_ENTRY =
  process.env.BENCH_SERVER === 'built'
    ? `${ROOT}apps/server/dist/server/main.js`
    : `${ROOT}apps/server/src/main.ts`;

export interface ServerProcess {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface StartOptions {
  /** a TypeScript entry point, run by node itself (so the pid is the server, not a tsx wrapper) */
  entry: string;
  env: Record<string, string>;
  healthPath: string;
  /** extra node flags, e.g. --cpu-prof */
  nodeFlags?: string[];
  /** a command that execs node in the same process, e.g. `taskset -c 0` (the pid stays node's) */
  prefix?: string[];
  startTimeoutMs?: number;
}

/**
 * Spawns `node --import tsx <entry>` on a free loopback port and waits for its health route.
 * stop() sends SIGTERM and, after 10 s, SIGKILL.
 */
export async function startProcess(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const [command, ...prefixArgs] = [...(options.prefix ?? []), process.execPath];
  const child = spawn(
    command!,
    [
      ...prefixArgs,
      ...(options.entry.endsWith('.js') ? [] : ['--import', 'tsx']),
      ...(options.nodeFlags ?? []),
      options.entry,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...options.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await exited(child, 10_000))) child.kill('SIGKILL');
    await exited(child, 5_000);
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.entry} exited with ${child.exitCode}`);
    const healthy = await fetch(url + options.healthPath).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { pid: child.pid!, url, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`${options.entry} did not become healthy in time`);
}

/** The server's database pool (config.ts's default, set explicitly): the floor's pool matches. */
export const SERVER_POOL_SIZE = 10;

export const BENCH_JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';

/** The real server, configured for load: quiet log, generous rate limits, a fixed JWT secret. */
export function startAppServer(
  db: { DATABASE_URL?: string; DATA_DIR?: string; REDIS_URL?: string; ANON_KEY?: string },
  nodeFlags: string[] = [],
  prefix: string[] = [],
): Promise<ServerProcess> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: BENCH_JWT_SECRET,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_REFRESH_PER_MINUTE: '1000000',
    RATE_LIMIT_PAIRING_PER_MINUTE: '1000000',
    RATE_LIMIT_DESIRES_PER_MINUTE: '1000000',
    DATABASE_POOL_SIZE: String(SERVER_POOL_SIZE),
  };
  for (const [key, value] of Object.entries(db)) if (value) env[key] = value;
  return startProcess({ entry: SERVER_ENTRY, env, healthPath: '/api/health', nodeFlags, prefix });
}
