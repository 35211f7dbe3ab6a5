import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js';
import { WebSocket } from 'ws';

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface ChangeBinding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
}

export interface Subscription {
  channel: RealtimeChannel;
  changes: Change[];
  /** Resolves with the first change (already seen or coming) that matches. */
  next(matches?: (change: Change) => boolean, timeoutMs?: number): Promise<Change>;
  /** Resolves once the subscribe callback reports the status (e.g. CLOSED after the server ends it). */
  status(wanted: string, timeoutMs?: number): Promise<void>;
  /** The channel's `system` messages (the reason a server ends it). */
  system: Record<string, unknown>[];
}

type OnChanges = (
  type: 'postgres_changes',
  filter: ChangeBinding,
  callback: (payload: Change) => void,
) => RealtimeChannel;

/**
 * Resolves with what `find` returns as soon as it returns something: checked now and each time
 * `waiters` are woken (on news, not by polling, so benchmarks can time arrivals with it).
 */
function waitUntil<T>(
  waiters: Set<() => void>,
  find: () => T | undefined,
  failure: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find();
      if (found === undefined) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(found);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(failure));
    }, timeoutMs);
    waiters.add(check);
    check();
  });
}

/** A supabase-js channel with the bindings, once the server has confirmed them. */
export async function subscribe(
  client: SupabaseClient,
  name: string,
  bindings: ChangeBinding[],
): Promise<Subscription> {
  const channel = client.channel(name);
  const changes: Change[] = [];
  const statuses: string[] = [];
  const system: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  channel.on('system', {}, (payload: Record<string, unknown>) => {
    system.push(payload);
    wakeAll();
  });
  for (const binding of bindings) {
    (channel.on as unknown as OnChanges).call(channel, 'postgres_changes', binding, (payload) => {
      changes.push(payload);
      wakeAll();
    });
  }
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      wakeAll();
      if (status === 'SUBSCRIBED') resolve();
      else reject(error ?? new Error(status));
    });
  });
  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number) =>
    waitUntil(waiters, find, `${what} on ${name} not seen in ${timeoutMs} ms`, timeoutMs);
  return {
    channel,
    changes,
    system,
    next: (matches = () => true, timeoutMs = 5000) =>
      waitFor(() => changes.find(matches), 'a matching change', timeoutMs),
    status: async (wanted, timeoutMs = 5000) => {
      await waitFor(() => (statuses.includes(wanted) ? true : undefined), wanted, timeoutMs);
    },
  };
}

export type RawFrame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare Phoenix socket (serializer 2.0.0), for what supabase-js would never send. */
export interface RawSocket {
  ws: WebSocket;
  frames: RawFrame[];
  send(frame: RawFrame | string): void;
  next(matches: (frame: RawFrame) => boolean, timeoutMs?: number): Promise<RawFrame>;
  closed: Promise<{ code: number; reason: string }>;
}

export function realtimeUrl(httpUrl: string, apikey: string, vsn = '2.0.0'): string {
  return `${httpUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`;
}

export async function rawSocket(url: string): Promise<RawSocket> {
  const ws = new WebSocket(url);
  const frames: RawFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as RawFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (matches, timeoutMs = 5000) =>
      waitUntil(waiters, () => frames.find(matches), 'no matching frame', timeoutMs),
  };
}

/** The HTTP status an upgrade is refused with (0 if it was accepted). */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? -1);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(0);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}
