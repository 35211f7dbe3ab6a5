// Thin wrappers over the buildah and mmdebstrap command lines for the image test: every call is
// bounded by a timeout and fails with the tool's own words.
import { execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** vfs works everywhere (no overlay or fuse needed), at the cost of full copies per layer. */
export const BUILDAH = ['--storage-driver', 'vfs'];
/** The host's CA bundle, mounted (never copied) so that npm in a build step reaches its registry. */
export const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export async function buildah(args: string[], timeoutMs = 120_000): Promise<string> {
  return command('buildah', [...BUILDAH, ...args], timeoutMs);
}

export async function command(file: string, args: string[], timeoutMs: number): Promise<string> {
  try {
    const { stdout } = await run(file, args, { timeout: timeoutMs, maxBuffer: 64 << 20 });
    return stdout.trim();
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')}: ${(failed.stderr || failed.message).trim()}`);
  }
}

/** Runs a long command with its output in a log file; rejects with the log's tail on failure. */
export function logged(file: string, args: string[], log: string, timeoutMs: number, cwd?: string) {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(log);
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-3000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      out.end();
      if (code === 0) resolve();
      else
        reject(
          new Error(`${file} ${args[0] ?? ''} failed (${signal ?? code}); see ${log}:\n${tail}`),
        );
    });
  });
}

export async function imageExists(name: string): Promise<boolean> {
  return buildah(['inspect', '--type', 'image', name], 30_000).then(
    () => true,
    () => false,
  );
}

/** The parts of a Docker-format image config that the test reads. */
export interface ImageConfig {
  User: string;
  Env: string[];
  Entrypoint: string[] | null;
  Cmd: string[] | null;
  WorkingDir: string;
  Volumes: Record<string, unknown> | null;
  Labels: Record<string, string> | null;
  Healthcheck?: { Test: string[]; Interval: number; Timeout: number; StartPeriod: number };
}

export async function imageConfig(name: string): Promise<ImageConfig> {
  const inspected = JSON.parse(await buildah(['inspect', '--type', 'image', name])) as {
    Docker: { config: ImageConfig };
  };
  return inspected.Docker.config;
}

/** Disk use in bytes of paths inside an image, read from a mounted working container. */
export async function imageDiskUse(name: string, paths: string[]): Promise<number[]> {
  const container = await buildah(['from', '--pull-never', name]);
  try {
    const root = await buildah(['mount', container]);
    const sizes: number[] = [];
    for (const path of paths) {
      const line = await command('du', ['-sxb', `${root}${path}`], 120_000);
      sizes.push(Number(line.split('\t')[0]));
    }
    return sizes;
  } finally {
    await buildah(['rm', container]).catch(() => undefined);
  }
}
