/**
 * Where a scale-out run's CPU goes, as rates: how many desires/s the instances' CPU caps allow
 * at the CPU each desire cost them, and how many the rest of the machine allows at what each
 * desire cost PostgreSQL and the clients there. On a busy machine the latency-based saturation
 * rate says more about the neighbours; these CPU-bound rates do not depend on waiting.
 */
import { cpuMsPerDesire } from './delivery-report.js';
import type { StepResult } from './scenario.js';

export interface CpuPerDesire {
  /** ms of CPU per desire, all instances together */
  servers: number;
  postgres: number;
  clients: number;
}

export interface CapacityInput {
  cpuPerDesire: CpuPerDesire;
  instances: number;
  /** each instance's cap in cores; 0 = uncapped (the instances share the machine) */
  quotaCores: number;
  cpus: number;
}

export interface Capacity {
  /** desires/s at which the instances use their whole cap (or, uncapped, every core) */
  instancesBound: number;
  /** desires/s at which PostgreSQL and the clients use every core the instances leave */
  restBound: number;
}

export function capacity({ cpuPerDesire, instances, quotaCores, cpus }: CapacityInput): Capacity {
  const instanceCores = quotaCores > 0 ? quotaCores * instances : cpus;
  const restCores = quotaCores > 0 ? cpus - instanceCores : cpus;
  return {
    instancesBound: (instanceCores * 1000) / cpuPerDesire.servers,
    restBound: (restCores * 1000) / (cpuPerDesire.postgres + cpuPerDesire.clients),
  };
}

/** The CPU a step's desires cost each party, ms per delivered desire. */
export function cpuPerDesireOf(step: StepResult): CpuPerDesire {
  const { load } = step;
  const perDesire = (cpuSeconds: number) => (cpuSeconds * 1000) / load.delivered;
  return {
    servers: cpuMsPerDesire(step),
    postgres: perDesire(step.postgresCpuS ?? 0),
    clients: perDesire((load.clientCpuPercent / 100) * load.windowS),
  };
}

/**
 * The step of each run to compare the CPU of: the highest rate both reached. CPU per desire
 * falls as the rate grows (fixed costs such as heartbeats spread over more desires, bigger
 * commit batches), so two runs compare only at the same rate.
 */
export function commonSteps<T extends { rate: number }>(runs: T[][]): T[] {
  const rate = Math.min(...runs.map((steps) => Math.max(...steps.map((s) => s.rate))));
  return runs.map((steps) =>
    steps.filter((s) => s.rate <= rate).reduce((a, b) => (b.rate > a.rate ? b : a), steps[0]!),
  );
}
