import { randomUUID } from 'node:crypto';
import type { Database } from '../../apps/server/src/db/index.js';
import { createTokenService } from '../../apps/server/src/auth/tokens.js';
import { BENCH_JWT_SECRET } from './server-process.js';

export interface BenchUser {
  id: string;
  token: string;
}

export interface Couple {
  a: BenchUser;
  b: BenchUser;
}

const CHUNK = 2_000;

/**
 * Creates n paired couples straight in the database, as the owner, in the shape the pairing
 * function leaves behind (users, profiles with partner_id/accepted, a partner_connections row,
 * one session each), then signs access tokens with the server's own token service. Signing up
 * 10,000 users over HTTP would spend minutes in argon2; this takes seconds.
 */
export async function seedCouples(db: Database, n: number, offset = 0): Promise<Couple[]> {
  const tokens = createTokenService(BENCH_JWT_SECRET);
  const couples: Couple[] = [];
  for (let start = 0; start < n; start += CHUNK) {
    const size = Math.min(CHUNK, n - start);
    const a = Array.from({ length: size }, () => randomUUID());
    const b = Array.from({ length: size }, () => randomUUID());
    const ids = [...a, ...b];
    const names = ids.map((_, i) => `bench_${offset + start + (i % size)}_${i < size ? 'a' : 'b'}`);
    const partners = [...b, ...a];
    const sessions = ids.map(() => randomUUID());
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO users (id, email, email_confirmed_at)
         SELECT id, name || '@bench.invalid', now() FROM unnest($1::uuid[], $2::text[]) AS t(id, name)`,
        [ids, names],
      );
      await tx.query(
        `INSERT INTO profiles (id, username, partner_id, partner_status)
         SELECT id, name, partner, 'accepted'
         FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS t(id, name, partner)`,
        [ids, names, partners],
      );
      await tx.query(
        `INSERT INTO partner_connections (user1_id, user2_id)
         SELECT * FROM unnest($1::uuid[], $2::uuid[])`,
        [a, b],
      );
      await tx.query(
        `INSERT INTO auth_sessions (id, user_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])`,
        [sessions, ids],
      );
    });
    const signed = await Promise.all(
      ids.map((userId, i) => tokens.signAccessToken({ userId, sessionId: sessions[i]! })),
    );
    for (let i = 0; i < size; i += 1) {
      couples.push({
        a: { id: a[i]!, token: signed[i]!.token },
        b: { id: b[i]!, token: signed[size + i]!.token },
      });
    }
  }
  return couples;
}

/**
 * Stores `total` desires with INSERT … SELECT generate_series, as the owner: `hotShare` of them
 * to the first couple's partner b (a heavy inbox), the rest spread over every couple, both ways,
 * a third of them unread, created over the last 90 days.
 */
export async function seedDesires(
  db: Database,
  couples: Couple[],
  total: number,
  hotShare = 0.5,
): Promise<void> {
  const a = couples.map((c) => c.a.id);
  const b = couples.map((c) => c.b.id);
  const hot = Math.floor(total * hotShare);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO messages (sender_id, receiver_id, intensity, urgency, note, read_at, created_at)
       SELECT CASE WHEN g <= $3 OR g % 2 = 0 THEN p.a ELSE p.b END,
              CASE WHEN g <= $3 OR g % 2 = 0 THEN p.b ELSE p.a END,
              g % 11, (g / 11) % 11, 'seeded desire',
              CASE WHEN g % 3 = 0 THEN NULL ELSE now() END,
              now() - (g % 129600) * interval '1 minute'
       FROM generate_series(1, $4::int) AS g
       JOIN (SELECT row_number() OVER () - 1 AS k, a, b
             FROM unnest($1::uuid[], $2::uuid[]) AS t(a, b)) AS p
         ON p.k = CASE WHEN g <= $3 THEN 0 ELSE g % $5 END`,
      [a, b, hot, total, couples.length],
    );
    await tx.exec('ANALYZE messages');
  });
}
