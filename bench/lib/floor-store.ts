/**
 * The delivery floor's store: what a desire costs at the least once it must be committed before
 * it is acknowledged. One `INSERT … RETURNING` per desire, autocommitted, into a plain table (no
 * row-level security, no scope, no batching), through a bare `pg` pool of the server's size, or
 * through PGlite in its worker thread as the server runs it. The relay (baseline-relay.ts) awaits
 * it before it forwards and acknowledges, so the floor relay is the bare relay plus one commit.
 */
import pg from 'pg';
import { openPGliteWorker } from '../../apps/server/src/db/pglite/worker-client.js';

export interface FloorDesire {
  id: string;
  sender: string;
  receiver: string;
  content: string;
  intensity: number;
  urgency: number;
  encrypted: boolean;
}

export interface FloorStore {
  insert(desire: FloorDesire): Promise<{ id: string; created_at: unknown }>;
  close(): Promise<void>;
}

const TABLE = `CREATE TABLE IF NOT EXISTS bench_floor (
  id uuid PRIMARY KEY,
  sender_id text NOT NULL,
  receiver_id text NOT NULL,
  content text NOT NULL,
  intensity integer NOT NULL,
  urgency integer NOT NULL,
  encrypted boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;
const INSERT = `INSERT INTO bench_floor (id, sender_id, receiver_id, content, intensity, urgency, encrypted)
VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at`;

const paramsOf = (d: FloorDesire) => [
  d.id,
  d.sender,
  d.receiver,
  d.content,
  d.intensity,
  d.urgency,
  d.encrypted,
];

/** PostgreSQL: a pool of `size` connections, all opened up front like the server's (warm). */
async function openPostgresFloor(url: string, size: number): Promise<FloorStore> {
  const pool = new pg.Pool({ connectionString: url, max: size });
  pool.on('error', () => undefined);
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  await clients[0]!.query(TABLE);
  for (const client of clients) client.release();
  return {
    insert: async (d) => {
      const { rows } = await pool.query<{ id: string; created_at: unknown }>(INSERT, paramsOf(d));
      return rows[0]!;
    },
    close: () => pool.end(),
  };
}

async function openPGliteFloor(dataDir: string): Promise<FloorStore> {
  const db = await openPGliteWorker(dataDir);
  await db.exec(TABLE);
  return {
    insert: async (d) =>
      (await db.query<{ id: string; created_at: unknown }>(INSERT, paramsOf(d))).rows[0]!,
    close: () => db.close(),
  };
}

/** The store the environment names (FLOOR_DATABASE_URL + FLOOR_POOL_SIZE, or FLOOR_DATA_DIR). */
export function openFloorStore(env: NodeJS.ProcessEnv): Promise<FloorStore> | undefined {
  if (env.FLOOR_DATABASE_URL) {
    return openPostgresFloor(env.FLOOR_DATABASE_URL, Number(env.FLOOR_POOL_SIZE ?? 10));
  }
  if (env.FLOOR_DATA_DIR) return openPGliteFloor(env.FLOOR_DATA_DIR);
  return undefined;
}
