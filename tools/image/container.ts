// One working container of the image, run the way a container runtime would: its ENTRYPOINT and
// CMD from the image config, the host directory as the /data volume. `buildah run` (chroot
// isolation) shares the host's network and PID namespaces, so the init's PID is found among the
// run's descendants and signalled directly, as `docker stop` signals a container's PID 1.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { BUILDAH, buildah, type ImageConfig } from './buildah.js';

export interface RunningServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  initPid: number;
  serverPid: number;
}

let counter = 0;

export class ImageContainer {
  private constructor(
    readonly name: string,
    private readonly config: ImageConfig,
    private readonly volume: string,
    private readonly env: string[],
  ) {}

  static async create(image: string, config: ImageConfig, volume: string, env: string[]) {
    const name = `couple-image-test-${process.pid}-${(counter += 1)}`;
    await buildah(['from', '--pull-never', '--name', name, image]);
    // buildah run would mount a volume of its own over /data, hiding the host directory: the
    // working container forgets the declaration, and the run mounts the host directory there.
    await buildah(['config', '--volume', '/data-', name]);
    return new ImageContainer(name, config, volume, env);
  }

  /** The container's file system, as seen from the host. */
  async root(): Promise<string> {
    return buildah(['mount', this.name]);
  }

  private runArgs(extraEnv: string[], command: string[]): string[] {
    const env = [...this.env, ...extraEnv].flatMap((pair) => ['--env', pair]);
    const mount = ['--volume', `${this.volume}:/data`];
    return [
      ...BUILDAH,
      'run',
      '--isolation',
      'chroot',
      ...mount,
      ...env,
      this.name,
      '--',
      ...command,
    ];
  }

  /** Starts ENTRYPOINT + CMD in the background, its output appended to `log`. */
  async start(log: string): Promise<RunningServer> {
    const command = [...(this.config.Entrypoint ?? []), ...(this.config.Cmd ?? [])];
    const server = this.config.Cmd?.[0];
    if (!this.config.Entrypoint?.length || !server) throw new Error('want ENTRYPOINT (init) + CMD');
    const child = spawn('buildah', this.runArgs([], command), {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const out = createWriteStream(log, { flags: 'a' });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    const initPid = await waitFor(
      async () => (await descendants(child.pid!)).find((p) => p.argv[0] === command[0])?.pid,
      30_000,
      `the image's init (${command[0]}) to start`,
    );
    const serverPid = await waitFor(
      async () => (await descendants(initPid)).find((p) => p.argv[0] === server)?.pid,
      30_000,
      `the server process (${server}) to start under the init`,
    );
    return { child, exited, initPid, serverPid };
  }

  /** Runs the image's own HEALTHCHECK command once; true when it exits 0. */
  async healthCheck(extraEnv: string[] = []): Promise<boolean> {
    const test = this.config.Healthcheck?.Test ?? [];
    const command =
      test[0] === 'CMD'
        ? test.slice(1)
        : test[0] === 'CMD-SHELL'
          ? ['/bin/sh', '-c', test[1]!]
          : [];
    if (command.length === 0) throw new Error('the image has no HEALTHCHECK command');
    const timeoutMs = (this.config.Healthcheck?.Timeout ?? 5e9) / 1e6 + 10_000;
    return (await this.exec(command, { extraEnv, timeoutMs })).code === 0;
  }

  /** Runs a command in the container as its user, as `docker compose exec` or `run` would. */
  async exec(
    command: string[],
    { extraEnv = [], timeoutMs = 60_000 }: { extraEnv?: string[]; timeoutMs?: number } = {},
  ): Promise<{ code: number | null; output: string }> {
    const child = spawn('buildah', this.runArgs(extraEnv, command), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    return { code, output };
  }

  async remove(): Promise<void> {
    await buildah(['rm', this.name]).catch(() => undefined);
  }
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  argv: string[];
}

async function processes(): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      found.push({ pid: Number(entry), ppid, argv });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

export async function descendants(root: number): Promise<ProcessInfo[]> {
  const all = await processes();
  const result: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const info of all.filter((p) => p.ppid === parent)) {
      result.push(info);
      queue.push(info.pid);
    }
  }
  return result;
}

/** The real and effective uid of a process, from /proc. */
export async function uidsOf(pid: number): Promise<number[]> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const line = status.split('\n').find((l) => l.startsWith('Uid:'));
  return (line ?? '').split(/\s+/).slice(1, 3).map(Number);
}

/** Polls `probe` until it gives a value, for at most `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
