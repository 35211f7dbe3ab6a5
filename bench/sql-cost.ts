/**
 * PostgreSQL CPU per desire: the one-statement send (`send_desire_as_v2`, what the server runs)
 * against the five-statement transaction it replaced (BEGIN + scope, sender context, INSERT,
 * delivery targets, COMMIT), on one connection, interleaved in the same run. Also the CPU this
 * process spends in the pg driver per desire.
 *
 *   npm run bench:sql-cost -- --desires 3000 --rounds 3
 */
import type { NewDesire } from '@couple/protocol';
import { openPostgres } from '../apps/server/src/db/postgres.js';
import type { Database } from '../apps/server/src/db/index.js';
import { sendDesireAs, sendDesiresAs } from '../apps/server/src/messages/repository.js';
import { parseFlags } from './lib/args.js';
import { createBenchDatabase } from './lib/database.js';
import { PostgresCpuMonitor } from './lib/postgres-cpu.js';
import { seedCouples } from './lib/seed.js';
import { fmt, ratio, summarize } from './lib/stats.js';
import { printTable } from './lib/table.js';

const flags = parseFlags({ desires: 3000, rounds: 3, couples: 1000 });

const desire: NewDesire = {
  id: undefined,
  receiverId: undefined,
  intensity: 7,
  urgency: 4,
  encrypted: false,
  note: 'bench desire',
  noteEncrypted: null,
  encryptionData: null,
};

/** The send as it was before migration 007: five round trips in one transaction. */
async function fiveStatements(db: Database, userId: string): Promise<void> {
  await db.asUser(userId, async (tx) => {
    const { rows } = await tx.query<{ partner_id: string }>(
      `SELECT get_my_partner_id() AS partner_id,
              (SELECT username FROM profiles WHERE id = app_current_user_id()) AS username`,
    );
    await tx.query(
      `INSERT INTO messages (id, sender_id, receiver_id, intensity, urgency, encrypted, note,
                             note_encrypted, encryption_data)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, NULL, NULL)
       ON CONFLICT (id) DO NOTHING RETURNING *`,
      [userId, rows[0]!.partner_id, desire.intensity, desire.urgency, false, desire.note],
    );
    await tx.query('SELECT partner_delivery_targets() AS targets');
  });
}

/** Every tenth call sends the ten desires gathered so far in one statement (send_desires_as_v2). */
function batchesOf(size: number) {
  let gathered: string[] = [];
  return async (db: Database, userId: string) => {
    gathered.push(userId);
    if (gathered.length < size) return;
    const batch = gathered.map((id) => ({ userId: id, desire }));
    gathered = [];
    await sendDesiresAs(db, batch);
  };
}

const variants = {
  'one statement (send_desire_as_v2)': async (db: Database, userId: string) => {
    await sendDesireAs(db, userId, desire);
  },
  'batches of 10 (send_desires_as_v2)': batchesOf(10),
  'batches of 50 (send_desires_as_v2)': batchesOf(50),
  'five statements (before)': fiveStatements,
};
type Variant = keyof typeof variants;

const database = await createBenchDatabase('postgres');
const setup = await database.open();
const senders = (await seedCouples(setup, flags.couples)).map((couple) => couple.a.id);
await setup.close();
const url = database.serverEnv.DATABASE_URL!;
const db = await openPostgres({ connectionString: url, max: 1, warm: true });
const results = new Map<Variant, { pg: number[]; node: number[] }>();
try {
  for (let round = 0; round < flags.rounds; round += 1) {
    for (const [name, send] of Object.entries(variants) as [Variant, typeof fiveStatements][]) {
      // CASCADE: desire_answers refers to messages (this bench writes none).
      await db.exec('TRUNCATE messages CASCADE');
      const monitor = new PostgresCpuMonitor(url);
      await monitor.start();
      const cpu = process.cpuUsage();
      for (let i = 0; i < flags.desires; i += 1) await send(db, senders[i % senders.length]!);
      const used = process.cpuUsage(cpu);
      const pgSeconds = await monitor.stop();
      const entry = results.get(name) ?? { pg: [], node: [] };
      entry.pg.push((pgSeconds * 1000) / flags.desires);
      entry.node.push((used.user + used.system) / 1000 / flags.desires);
      results.set(name, entry);
    }
  }
} finally {
  await db.close();
  await database.drop();
}

const median = (values: number[]) => summarize(values).p50;
const rows = [...results].map(([name, { pg, node }]) => ({
  name,
  pg: median(pg),
  node: median(node),
}));
const before = rows.find((row) => row.name === 'five statements (before)')!;
printTable(
  `PostgreSQL CPU per desire (${flags.desires} desires × ${flags.rounds} rounds, one connection, medians)`,
  ['send', 'PostgreSQL CPU (ms)', 'pg driver CPU here (ms)', 'PostgreSQL vs before'],
  rows.map((row) => [row.name, fmt(row.pg, 3), fmt(row.node, 3), ratio(row.pg, before.pg)]),
);
process.exit(0);
