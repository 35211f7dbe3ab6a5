import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (its log at LOG_LEVEL=warn: warnings and errors). */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls /api/health until it answers 200, the process exits, or the time is up. */
export async function waitHealthy(
  url: string,
  timeoutMs: number,
  exited?: Promise<unknown>,
): Promise<void> {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    gone
      ? `server at ${url} exited before it was healthy`
      : `server at ${url} not healthy in ${timeoutMs} ms`,
  );
}

export interface SpawnOptions {
  timeoutMs?: number;
  /** The umask the server starts with (an operator's shell's), else this process's. */
  umask?: number;
}

/**
 * The real server in its own process: `node --import tsx apps/server/src/main.ts`. Node itself
 * is the child (not npx or the tsx CLI, which would each add a parent; a shell that sets the
 * umask replaces itself with it), so SIGKILL hits the server.
 */
export async function spawnServer(
  env: Record<string, string>,
  { timeoutMs = 120_000, umask }: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const node = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  const [command, ...args] =
    umask === undefined
      ? node
      : [
          '/bin/sh',
          '-c',
          `umask ${umask.toString(8).padStart(3, '0')} && exec "$@"`,
          'sh',
          ...node,
        ];
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_REFRESH_PER_MINUTE: '100000',
      RATE_LIMIT_PAIRING_PER_MINUTE: '100000',
      RATE_LIMIT_DESIRES_PER_MINUTE: '100000',
      // As startTestServer: a loaded test machine stalls now and then, and shedding by the
      // event loop is tested on purpose (load-shedding.test.ts), never by accident.
      LOAD_SHED_LOOP_MS: '5000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, timeoutMs, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('')}`);
  }
  return {
    url,
    port,
    child,
    output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
