/**
 * Where the server instances run, so that one instance and two compare fairly on a small
 * machine: `pin` puts instance i on CPU i mod nproc (taskset), `quotaCores` caps each instance
 * at that many cores with a CPU cgroup of its own (v1 `cpu.cfs_quota_us`, or v2 `cpu.max`).
 * PostgreSQL, Redis and the client processes are left where they are: they are shared, and the
 * shared PostgreSQL must not be reconfigured.
 */
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface Placement {
  pin: boolean;
  /** cores per instance; 0 leaves them unlimited */
  quotaCores: number;
}

export const NO_PLACEMENT: Placement = { pin: false, quotaCores: 0 };

/** A short period: a process that uses up its quota waits for the next period, so with 100 ms
 * (the kernel's default) a capped server would stall up to 50 ms at a time at half a core. */
const PERIOD_US = 10_000;
const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOT = '/sys/fs/cgroup';

/** The command that starts instance `index` on its CPU, or none. */
export function pinCommand(placement: Placement, index: number, cpus = availableParallelism()) {
  return placement.pin ? ['taskset', '-c', String(index % cpus)] : [];
}

/** The files that cap a cgroup at `cores` per 10 ms period, for cgroup v1 and v2. */
export function quotaFiles(version: 1 | 2, cores: number): Record<string, string> {
  const quota = String(Math.round(cores * PERIOD_US));
  return version === 1
    ? { 'cpu.cfs_period_us': String(PERIOD_US), 'cpu.cfs_quota_us': quota }
    : { 'cpu.max': `${quota} ${PERIOD_US}` };
}

function cgroupVersion(): 1 | 2 {
  if (existsSync(`${V1_ROOT}/cpu.cfs_quota_us`)) return 1;
  if (existsSync(`${V2_ROOT}/cgroup.controllers`)) return 2;
  throw new Error('--quota needs a writable CPU cgroup (v1 /sys/fs/cgroup/cpu or v2)');
}

/** Moves `pid` (all its threads) into a new cgroup capped at `cores`; returns its removal. */
export function limitCpu(pid: number, cores: number, name: string): () => void {
  const version = cgroupVersion();
  const dir = `${version === 1 ? V1_ROOT : V2_ROOT}/${name}`;
  mkdirSync(dir);
  try {
    for (const [file, value] of Object.entries(quotaFiles(version, cores))) {
      writeFileSync(`${dir}/${file}`, value);
    }
    writeFileSync(`${dir}/cgroup.procs`, String(pid));
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  // The process has exited by then (an empty cgroup is removable); a failure leaves a stray
  // directory, not a wrong measurement.
  return () => {
    try {
      rmdirSync(dir);
    } catch {
      console.warn(`could not remove the cgroup ${dir}`);
    }
  };
}

export const placementText = (p: Placement) =>
  [
    p.pin ? 'instance i pinned to CPU i (taskset)' : 'instances unpinned',
    p.quotaCores ? `each capped at ${p.quotaCores} core (CPU cgroup)` : 'no CPU cap',
    'PostgreSQL, Redis and clients unpinned',
  ].join(', ');
