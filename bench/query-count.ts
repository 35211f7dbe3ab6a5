/**
 * Counts the PostgreSQL round trips one desire costs, end to end: the send transaction, the
 * unread count for the receiver, and the push and Farcaster look-ups. The server runs in this
 * process (buildApp) so that every pg query can be counted; the desire goes over socket.io.
 *
 *   npm run bench:queries
 */
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { parseFlags, sleep } from './lib/args.js';
import { closeAll, connectAll } from './lib/clients.js';
import { createBenchDatabase } from './lib/database.js';
import { seedCouples } from './lib/seed.js';
import { BENCH_JWT_SECRET } from './lib/server-process.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ desires: 20 });
const seen = new Map<string, number>();
let counting = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '?');
  const key = text
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 72);
  if (counting) seen.set(key, (seen.get(key) ?? 0) + 1);
  return Reflect.apply(original, this, args) as ReturnType<typeof original>;
} as typeof original;

const database = await createBenchDatabase('postgres');
const db = await database.open();
const config = loadConfig({
  LOG_LEVEL: 'silent',
  JWT_SECRET: BENCH_JWT_SECRET,
  ...database.serverEnv,
});
const { app } = await buildApp({ config, db, logger: false });
try {
  const [couple] = await seedCouples(db, 1);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [a, b] = await connectAll([
    { url, auth: { token: couple!.a.token } },
    { url, auth: { token: couple!.b.token } },
  ]);
  const sendOne = async (n: number) => {
    const received = new Promise((resolve) => b!.once('unread_count', resolve));
    await a!
      .timeout(5_000)
      .emitWithAck('send_message', { intensity: n % 11, urgency: 5, encrypted: false });
    await received;
    await sleep(50); // the push and Farcaster look-ups run beside the delivery
  };
  await sendOne(0);
  counting = true;
  for (let n = 1; n <= flags.desires; n += 1) await sendOne(n);
  counting = false;
  closeAll([a!, b!]);
  const rows = [...seen].sort((x, y) => y[1] - x[1]);
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  printTable(
    `PostgreSQL round trips per desire (${flags.desires} desires, sent one at a time)`,
    ['statement', 'per desire'],
    [
      ...rows.map(([sql, count]) => [sql, (count / flags.desires).toFixed(2)]),
      ['total', (total / flags.desires).toFixed(2)],
    ],
  );
} finally {
  await app.close();
  await db.close();
  await database.drop();
}
process.exit(0);
