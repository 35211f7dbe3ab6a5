import { randomUUID } from 'node:crypto';
import {
  constants,
  monitorEventLoopDelay,
  PerformanceObserver,
  type PerformanceEntry,
} from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { sleep } from './args.js';

export interface SocketPair {
  a: Socket;
  b: Socket;
}

export interface LoadOptions {
  /** desires this process sends, spread evenly over durationS */
  total: number;
  durationS: number;
  /** Date.now() at which the first desire goes: every client process starts on the same tick */
  startAt: number;
  /** how long to wait for stragglers after the last send */
  drainMs?: number;
  ackTimeoutMs?: number;
}

export interface LoadCounts {
  sent: number;
  acked: number;
  errors: number;
  /** of the errors, those refused with `server_busy` (load shedding) */
  refused: number;
  delivered: number;
  lost: number;
  duplicated: number;
}

/** What one client process saw; plain data, sent to the coordinator over IPC and merged there. */
export interface LoadPart extends LoadCounts {
  /** latencies (ms) of first deliveries, by the second of the run they were sent in */
  bySecond: number[][];
  ackLatencies: number[];
  /** seconds from the first send to the last first delivery */
  lastDeliveryS: number;
  /** seconds from the first send to the end of the drain */
  wallS: number;
  cpuSeconds: number;
  loopDelay: { p99: number; max: number };
  /** this process's own garbage collections during the run */
  gc: { major: number; maxPauseMs: number };
}

interface Tracked {
  sentAt: number;
  acked: boolean;
  receipts: number;
}

const TICK_MS = 5;

/** A gc entry's kind (its `detail`, which Node's types leave off PerformanceEntry). */
function gcKind(entry: PerformanceEntry): number | undefined {
  const detail: unknown = Reflect.get(entry, 'detail');
  if (typeof detail !== 'object' || detail === null || !('kind' in detail)) return undefined;
  return typeof detail.kind === 'number' ? detail.kind : undefined;
}

function watchGc() {
  const gc = { major: 0, maxPauseMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (gcKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
      gc.maxPauseMs = Math.max(gc.maxPauseMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { gc, stop: () => observer.disconnect() };
}

/**
 * Sends `total` desires from startAt, spread evenly in time over the couples (round robin, the
 * two directions in turn), each with its own id; counts every `new_message` by id.
 */
export async function runLoad(pairs: SocketPair[], options: LoadOptions): Promise<LoadPart> {
  const { total } = options;
  const tracked = new Map<string, Tracked>();
  const bySecond: number[][] = [];
  const ackLatencies: number[] = [];
  let errors = 0;
  let refused = 0;
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
      .emit(
        'send_message',
        payload,
        (error: Error | null, ack?: { ok?: boolean; code?: string }) => {
          if (ack?.code === 'server_busy') refused += 1;
          if (error || !ack?.ok) return void (errors += 1);
          entry.acked = true;
          ackLatencies.push(performance.now() - entry.sentAt);
        },
      );
  };

  await sleep(Math.max(0, options.startAt - Date.now()));
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gcWatch = watchGc();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let sent = 0;
  // Bounded: the schedule ends at `total` sends, and in any case 30 s after its planned end.
  const hardStop = start + options.durationS * 1000 + 30_000;
  const rate = total / options.durationS;
  while (sent < total && performance.now() < hardStop) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
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
  gcWatch.stop();
  for (const { a, b } of pairs) for (const s of [a, b]) s.off('new_message', onNewMessage);

  const values = [...tracked.values()];
  return {
    sent,
    acked: values.filter((t) => t.acked).length,
    errors,
    refused,
    delivered: values.filter((t) => t.receipts > 0).length,
    lost: values.filter((t) => t.acked && t.receipts === 0).length,
    duplicated: values.filter((t) => t.receipts > 1).length + unknown,
    bySecond: Array.from(bySecond, (latencies) => latencies ?? []),
    ackLatencies,
    lastDeliveryS: lastDelivery ? (lastDelivery - start) / 1000 : 0,
    wallS,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    loopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    gc: gcWatch.gc,
  };
}
