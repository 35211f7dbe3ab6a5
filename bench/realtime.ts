/**
 * Realtime benchmark: couples pair one after another; latency from the connect call to the
 * `partner_connections` INSERT reaching both partners' supabase-js Realtime channels, against the
 * same pairing's `partner_status_update` on the socket.io live channel (the same-run baseline:
 * the same domain event, delivered without the per-subscriber re-read under RLS).
 *
 *   npm run bench:realtime -- --mode postgres --couples 100
 *   modes: pglite | postgres | redis (two instances on PostgreSQL + Redis: the subscribers on
 *   one, the pairing calls on the other)
 *   --watchers N: besides the couple, N signed-in users subscribed to everything (RLS hides all)
 */
import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { parseFlags } from './lib/args.js';
import { createBenchDatabase, REDIS_URL } from './lib/database.js';
import { startAppServer, type ServerProcess } from './lib/server-process.js';
import { fmt, ratio, summarize } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ mode: 'postgres', couples: 100, watchers: 20 });
if (!['pglite', 'postgres', 'redis'].includes(flags.mode)) throw new Error('--mode');
const ANON_KEY = 'bench-anon-key-realtime-0123456789';

interface User {
  id: string;
  email: string;
  token: string;
}

async function call<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signUp(url: string, n: number): Promise<User> {
  const name = `rt${n}_${Math.floor(Math.random() * 1e6)}`;
  const email = `${name}@example.com`;
  const session = await call<{ access_token: string; user: { id: string } }>(
    url,
    '/api/auth/signup',
    { email, password: 'correct horse', username: name },
  );
  return { id: session.user.id, email, token: session.access_token };
}

type Transport = NonNullable<
  NonNullable<Parameters<typeof createClient>[2]>['realtime']
>['transport'];

/** A signed-in supabase-js client whose channel calls `seen` on each partner_connections INSERT. */
async function realtimeSubscriber(
  url: string,
  user: User,
  table: string | undefined,
  seen: (row: Record<string, unknown>) => void,
): Promise<SupabaseClient> {
  const client = createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
  await client.auth.signInWithPassword({ email: user.email, password: 'correct horse' });
  const channel = client.channel(`watch-${user.id}`);
  const binding = table
    ? { event: 'INSERT' as const, schema: 'public', table }
    : { event: '*' as const, schema: '*' };
  channel.on('postgres_changes', binding, (payload) => seen(payload.new));
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) =>
      status === 'SUBSCRIBED' ? resolve() : reject(error ?? new Error(status)),
    ),
  );
  return client;
}

function liveSubscriber(url: string, user: User, seen: () => void): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], auth: { token: user.token } });
  socket.on('partner_status_update', seen);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const database = await createBenchDatabase(flags.mode === 'pglite' ? 'pglite' : 'postgres');
const servers: ServerProcess[] = [];
const env = { ...database.serverEnv, ANON_KEY };
for (let i = 0; i < (flags.mode === 'redis' ? 2 : 1); i++) {
  servers.push(await startAppServer(flags.mode === 'redis' ? { ...env, REDIS_URL } : env));
}
const subscriberUrl = servers[0]!.url;
const callerUrl = servers.at(-1)!.url;

const realtime: number[] = [];
const live: number[] = [];
let leaked = 0;
const clients: SupabaseClient[] = [];
const sockets: Socket[] = [];
try {
  for (let w = 0; w < flags.watchers; w++) {
    const watcher = await signUp(callerUrl, 100_000 + w);
    clients.push(await realtimeSubscriber(subscriberUrl, watcher, undefined, () => leaked++));
  }
  for (let c = 0; c < flags.couples; c++) {
    const [owner, redeemer] = [await signUp(callerUrl, 2 * c), await signUp(callerUrl, 2 * c + 1)];
    let started = 0;
    let waiting = 3;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const arrived = (into: number[]) => () => {
      into.push(performance.now() - started);
      if (--waiting === 0) done();
    };
    clients.push(
      await realtimeSubscriber(subscriberUrl, owner, 'partner_connections', arrived(realtime)),
      await realtimeSubscriber(subscriberUrl, redeemer, 'partner_connections', arrived(realtime)),
    );
    sockets.push(await liveSubscriber(subscriberUrl, owner, arrived(live)));
    const { code } = await call<{ code: string }>(
      callerUrl,
      '/api/partner/generate-code',
      {},
      owner.token,
    );
    started = performance.now();
    await call(callerUrl, '/api/partner/connect', { code }, redeemer.token);
    await Promise.race([
      finished,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`couple ${c} timed out`)), 10_000),
      ),
    ]);
  }
} finally {
  for (const socket of sockets) socket.close();
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  for (const server of servers) await server.stop();
  await database.drop();
}

const [r, l] = [summarize(realtime), summarize(live)];
printTable(
  `bench:realtime --mode ${flags.mode} --couples ${flags.couples} --watchers ${flags.watchers} (ms from the connect call)`,
  ['channel', 'deliveries', 'p50', 'p95', 'p99', 'max', 'p50 vs live'],
  [
    [
      'socket.io partner_status_update (baseline)',
      String(l.count),
      fmt(l.p50),
      fmt(l.p95),
      fmt(l.p99),
      fmt(l.max),
      '1.00×',
    ],
    [
      'Realtime partner_connections INSERT',
      String(r.count),
      fmt(r.p50),
      fmt(r.p95),
      fmt(r.p99),
      fmt(r.max),
      ratio(r.p50, l.p50),
    ],
  ],
);
console.log(
  `changes delivered to the ${flags.watchers} watchers (row-level security must hide all): ${leaked}`,
);
if (leaked > 0) process.exitCode = 1;
