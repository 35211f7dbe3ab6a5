import { fork, type ChildProcess } from 'node:child_process';
import type { ClientSpec } from './clients.js';
import type { FromClientProcess, ToClientProcess } from './client-protocol.js';
import { mergeLoadParts, type LoadResult } from './load-result.js';
import type { LoadPart } from './load.js';
import { ROOT } from './server-process.js';

const ENTRY = `${ROOT}bench/lib/client-process.ts`;
/** handshakes in flight across all client processes */
const CONNECT_CONCURRENCY = 100;
const CONNECT_TIMEOUT_MS = 180_000;
/** time for every process to get the load message before the common first send */
const START_DELAY_MS = 500;

export interface ClientFleet {
  sockets: number;
  /** `rate × durationS` desires, shared among the processes in proportion to their couples */
  load(options: { rate: number; durationS: number }): Promise<LoadResult>;
  close(): Promise<void>;
}

function nextReply(child: ChildProcess, timeoutMs: number): Promise<FromClientProcess> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle();
    };
    const onMessage = (message: FromClientProcess) => done(() => resolve(message));
    const onExit = (code: number | null) =>
      done(() => reject(new Error(`client process exited (${code}) before replying`)));
    const timer = setTimeout(
      () => done(() => reject(new Error(`client process did not reply in ${timeoutMs} ms`))),
      timeoutMs,
    );
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function ask<K extends FromClientProcess['kind']>(
  child: ChildProcess,
  message: ToClientProcess,
  expected: K,
  timeoutMs: number,
): Promise<Extract<FromClientProcess, { kind: K }>> {
  const reply = nextReply(child, timeoutMs);
  child.send(message);
  const answer = await reply;
  if (answer.kind === 'failed') throw new Error(`client process: ${answer.message}`);
  if (answer.kind !== expected) throw new Error(`client process replied ${answer.kind}`);
  return answer as Extract<FromClientProcess, { kind: K }>;
}

/** Splits `total` in proportion to `weights`, the remainder to the first ones; sums to total. */
export function shareOut(total: number, weights: number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((total * w) / whole));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left -= 1) shares[i]! += 1;
  return shares;
}

/**
 * Forks `processes` client processes and connects the couples' sockets in them: `specs` is
 * flat, partner a then partner b of each couple; couple i goes to process i mod `processes`.
 */
export async function startClientFleet(
  specs: ClientSpec[],
  processes: number,
  nodeFlags: string[] = [],
): Promise<ClientFleet> {
  if (!Number.isInteger(processes) || processes < 1) {
    throw new Error('client processes must be a whole number, at least 1');
  }
  const couples = specs.length / 2;
  const count = Math.max(1, Math.min(processes, couples));
  const shares: ClientSpec[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < couples; i += 1) shares[i % count]!.push(specs[2 * i]!, specs[2 * i + 1]!);
  const children = shares.map(() =>
    fork(ENTRY, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', ...nodeFlags],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const close = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || !child.connected) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ kind: 'close' } satisfies ToClientProcess);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }),
    );
  };
  try {
    const concurrency = Math.max(1, Math.ceil(CONNECT_CONCURRENCY / count));
    await Promise.all(
      children.map((child, i) =>
        ask(
          child,
          { kind: 'connect', specs: shares[i]!, concurrency },
          'connected',
          CONNECT_TIMEOUT_MS,
        ),
      ),
    );
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }
  const load = async ({ rate, durationS }: { rate: number; durationS: number }) => {
    const totals = shareOut(
      Math.round(rate * durationS),
      shares.map((s) => s.length),
    );
    const startAt = Date.now() + START_DELAY_MS;
    const timeoutMs = START_DELAY_MS + durationS * 1000 + 60_000;
    const replies = await Promise.all(
      children.map((child, i) =>
        ask(child, { kind: 'load', total: totals[i]!, durationS, startAt }, 'loaded', timeoutMs),
      ),
    );
    const parts: LoadPart[] = replies.map((r) => r.part);
    return mergeLoadParts(parts, startAt);
  };
  return { sockets: specs.length, load, close };
}
