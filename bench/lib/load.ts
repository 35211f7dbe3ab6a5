import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { sleep } from './args.js';
import { summarize, type LatencySummary } from './stats.js';

export interface SocketPair {
  a: Socket;
  b: Socket;
}

export interface LoadOptions {
  rate: number;
  durationS: number;
  /** how long to wait for stragglers after the last send */
  drainMs?: number;
  ackTimeoutMs?: number;
}

export interface LoadResult {
  sent: number;
  acked: number;
  errors: number;
  delivered: number;
  lost: number;
  duplicated: number;
  achievedRate: number;
  latency: LatencySummary;
  ackLatency: LatencySummary;
  clientCpuPercent: number;
  /** the benchmark process's own event-loop delay: its stalls count in every latency */
  clientLoopDelay: { p99: number; max: number };
  /** per second of the run (by send time): deliveries and their latency */
  timeline: LatencySummary[];
  /** Date.now() when the first desire was sent (second 0 of the timeline) */
  startedAt: number;
  /** seconds from the first send to the end of the drain (the window CPU is measured over) */
  windowS: number;
}

interface Tracked {
  sentAt: number;
  acked: boolean;
  receipts: number;
}

const TICK_MS = 5;

/**
 * Sends rate × duration desires, spread evenly in time over the couples (round robin, the two
 * directions in turn), each with its own id; counts every `new_message` by id.
 */
export async function runLoad(pairs: SocketPair[], options: LoadOptions): Promise<LoadResult> {
  const total = Math.round(options.rate * options.durationS);
  const tracked = new Map<string, Tracked>();
  const bySecond: number[][] = [];
  const ackLatencies: number[] = [];
  let errors = 0;
  let unknown = 0;
  let lastDelivery = 0;

  const onNewMessage = (payload: { id?: string }) => {
    const entry = payload.id ? tracked.get(payload.id) : undefined;
    if (!entry) return void (unknown += 1);
    entry.receipts += 1;
    if (entry.receipts === 1) {
      lastDelivery = performance.now();
      const second = Math.floor((entry.sentAt - start) / 1000);
      (bySecond[second] ??= []).push(lastDelivery - entry.sentAt);
    }
  };
  for (const { a, b } of pairs) for (const s of [a, b]) s.on('new_message', onNewMessage);

  const send = (k: number) => {
    const pair = pairs[k % pairs.length]!;
    const from = Math.floor(k / pairs.length) % 2 === 0 ? pair.a : pair.b;
    const id = randomUUID();
    const entry: Tracked = { sentAt: performance.now(), acked: false, receipts: 0 };
    tracked.set(id, entry);
    const payload = {
      id,
      intensity: k % 11,
      urgency: 5,
      content: 'bench desire',
      encrypted: false,
    };
    from
      .timeout(options.ackTimeoutMs ?? 10_000)
      .emit('send_message', payload, (error: Error | null, ack?: { ok?: boolean }) => {
        if (error || !ack?.ok) return void (errors += 1);
        entry.acked = true;
        ackLatencies.push(performance.now() - entry.sentAt);
      });
  };

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const startedAt = Date.now();
  let sent = 0;
  // Bounded: the schedule ends at `total` sends, and in any case 30 s after its planned end.
  const hardStop = start + options.durationS * 1000 + 30_000;
  while (sent < total && performance.now() < hardStop) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
    while (sent < due) send(sent++);
    await sleep(TICK_MS);
  }
  const drainUntil = performance.now() + (options.drainMs ?? 5_000);
  const settled = () => [...tracked.values()].every((t) => t.receipts > 0 || !t.acked);
  while (performance.now() < drainUntil && (ackLatencies.length + errors < sent || !settled())) {
    await sleep(50);
  }
  const wallS = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  loopDelay.disable();
  for (const { a, b } of pairs) for (const s of [a, b]) s.off('new_message', onNewMessage);

  const values = [...tracked.values()];
  const delivered = values.filter((t) => t.receipts > 0).length;
  return {
    sent,
    acked: values.filter((t) => t.acked).length,
    errors,
    delivered,
    lost: values.filter((t) => t.acked && t.receipts === 0).length,
    duplicated: values.filter((t) => t.receipts > 1).length + unknown,
    achievedRate: delivered / ((lastDelivery - start) / 1000 || 1),
    latency: summarize(bySecond.flat()),
    ackLatency: summarize(ackLatencies),
    clientCpuPercent: ((cpu.user + cpu.system) / 1e6 / wallS) * 100,
    clientLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    startedAt,
    timeline: Array.from(bySecond, (values) => summarize(values ?? [])),
    windowS: wallS,
  };
}
