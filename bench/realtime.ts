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
import type { Socket } from 'socket.io-client';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createUser, request, type TestUser } from '../apps/server/test/helpers/api.js';
import { connectLive, nextEvent } from '../apps/server/test/helpers/live-client.js';
import { subscribe, type Subscription } from '../apps/server/test/helpers/realtime.js';
import { signedInClient } from '../apps/server/test/helpers/supabase.js';
import { parseFlags } from './lib/args.js';
import { createBenchDatabase, REDIS_URL } from './lib/database.js';
import { startAppServer, type ServerProcess } from './lib/server-process.js';
import { fmt, ratio, summarize } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ mode: 'postgres', couples: 100, watchers: 20 });
if (!['pglite', 'postgres', 'redis'].includes(flags.mode)) throw new Error('--mode');
const ANON_KEY = 'bench-anon-key-realtime-0123456789';

/** A signed-in supabase-js client (the test suite's own helpers) with one channel of bindings. */
async function listen(
  url: string,
  user: TestUser,
  bindings: Parameters<typeof subscribe>[2],
): Promise<{ client: SupabaseClient; subscription: Subscription }> {
  const { client } = await signedInClient(url, ANON_KEY, user);
  return { client, subscription: await subscribe(client, `watch-${user.id}`, bindings) };
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
const clients: SupabaseClient[] = [];
const sockets: Socket[] = [];
const watchers: Subscription[] = [];
const elapsedSince =
  (started: number) =>
  <T>(arrived: Promise<T>) =>
    arrived.then(() => performance.now() - started);
try {
  for (let w = 0; w < flags.watchers; w++) {
    const watcher = await listen(subscriberUrl, await createUser(callerUrl), [
      { event: '*', schema: '*' },
    ]);
    clients.push(watcher.client);
    watchers.push(watcher.subscription);
  }
  const connections = [
    { event: 'INSERT' as const, schema: 'public', table: 'partner_connections' },
  ];
  for (let c = 0; c < flags.couples; c++) {
    const [owner, redeemer] = [await createUser(callerUrl), await createUser(callerUrl)];
    const [ownerSide, redeemerSide] = [
      await listen(subscriberUrl, owner, connections),
      await listen(subscriberUrl, redeemer, connections),
    ];
    clients.push(ownerSide.client, redeemerSide.client);
    const socket = await connectLive(subscriberUrl, owner.token);
    sockets.push(socket);
    const generated = await request(callerUrl, 'POST', '/api/partner/generate-code', {
      token: owner.token,
    });
    const statusUpdate = nextEvent(socket, 'partner_status_update', 10_000);
    const since = elapsedSince(performance.now());
    const ownerArrival = since(ownerSide.subscription.next(undefined, 10_000));
    const redeemerArrival = since(redeemerSide.subscription.next(undefined, 10_000));
    const liveArrival = since(statusUpdate);
    const connected = await request(callerUrl, 'POST', '/api/partner/connect', {
      token: redeemer.token,
      body: { code: generated.body.code },
    });
    if (connected.status !== 200) throw new Error(`couple ${c}: connect ${connected.status}`);
    realtime.push(await ownerArrival, await redeemerArrival);
    live.push(await liveArrival);
  }
} finally {
  for (const socket of sockets) socket.close();
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  for (const server of servers) await server.stop();
  await database.drop();
}

const [r, l] = [summarize(realtime), summarize(live)];
const leaked = watchers.reduce((sum, watcher) => sum + watcher.changes.length, 0);
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
