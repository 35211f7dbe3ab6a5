// One server instance of a given release, run as production runs it: the built bundle.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { waitHealthy } from '../../apps/server/test/faults/helpers/server-process.js';

const HEALTHY_WITHIN_MS = 120_000;
/** systemd's TimeoutStopSec in docs/deploy.md: an instance still running then is killed. */
const STOP_WITHIN_MS = 20_000;

export interface Instance {
  /** Which release and which slot, for the report: "old 1", "new 2". */
  name: string;
  port: number;
  url: string;
  log: string;
  child: ChildProcess;
  /** SIGTERM, then the exit: its code (null when it had to be killed) and how long it took. */
  stop(): Promise<{ code: number | null; ms: number }>;
  /** SIGKILL, for clean-up after a failure. */
  kill(): void;
}

/** The settings every instance shares: the same in both releases (docs/deploy.md, §3). */
export function sharedEnv(databaseUrl: string, redisUrl: string, dataDir: string) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // Unused on PostgreSQL, but the server tightens its backup folder there at start.
    DATA_DIR: dataDir,
    // Every sign-up comes from 127.0.0.1, and each sender sends far more than a person does.
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_PAIRING_PER_MINUTE: '100000',
    RATE_LIMIT_DESIRES_PER_MINUTE: '100000',
    // As the fault tests' servers: a loaded machine stalls now and then; shedding by the
    // database's backlog stays on, and its refusals are what the clients retry.
    LOAD_SHED_LOOP_MS: '5000',
  };
}

export async function startInstance(
  name: string,
  releaseDir: string,
  port: number,
  env: Record<string, string>,
  log: string,
): Promise<Instance> {
  const out = createWriteStream(log, { flags: 'a' });
  // Node itself is the child, so that the signals reach the server.
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/server/main.js'],
    { cwd: releaseDir, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, HEALTHY_WITHIN_MS, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    const tail = (await readFile(log, 'utf8')).slice(-2000);
    throw new Error(`${name}: ${(error as Error).message}; its log ${log} ends:\n${tail}`);
  }
  return {
    name,
    port,
    url,
    log,
    child,
    async stop() {
      const asked = Date.now();
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(resolve, STOP_WITHIN_MS, 'late');
      });
      const code = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (code === 'late') {
        child.kill('SIGKILL');
        await exited;
        return { code: null, ms: Date.now() - asked };
      }
      return { code, ms: Date.now() - asked };
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
