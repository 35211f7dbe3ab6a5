import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface RunningServer {
  baseUrl: string;
  /** The last 20 kB the server wrote (its log), for a failing test to show. */
  output(): string;
  stop(): Promise<void>;
}

/** A port the kernel just handed out on loopback; free again once this returns. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitHealthy(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`server did not become healthy at ${baseUrl}:\n${log()}`);
}

/**
 * Starts apps/server (tsx) on a free loopback port: PGlite in a fresh temp directory, or the
 * given PostgreSQL database. Serves the built apps/web/dist, /api and /socket.io on one origin.
 */
export async function startServer(
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  // A given PORT keeps the origin (and so the browsers' storage) across a restart of the server.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'couple-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_PAIRING_PER_MINUTE: '1000',
    RATE_LIMIT_REFRESH_PER_MINUTE: '1000',
    // CI's two cores stall a server now and then; these tests are not about load shedding.
    LOAD_SHED_LOOP_MS: '5000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output: () => output, stop };
}
